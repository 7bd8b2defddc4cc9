"""A live agent writing while memaudit works, at CI size.

`python -m reliability.run --only concurrency` runs the same for ten minutes.
"""

from __future__ import annotations

from reliability import concurrency


def test_agent_and_memaudit_share_a_ledger_without_loss_or_lock_errors(tmp_path):
    """Two agent processes stage, access and edit continuously, and a third writes
    through `memaudit mcp` (remember, recall, forget requests), while decay, forget,
    verify, a headless review (approve ID@VERSION), audit and trace run: no acknowledged
    write is lost, nobody sees "database is locked", no approval of a changed item."""
    out = concurrency.native(20, 3, tmp_path, None)
    assert out.failures == []
    assert out.lost == 0
    assert out.trials >= 2  # memaudit commands that ran during the writing
    assert out.faults >= 300  # agent writes acknowledged meanwhile


def test_hermes_writers_and_memaudit_approve_share_memory_md(tmp_path):
    """Hermes-style writers append under MEMORY.md.lock while memaudit approves staged
    records: every write and every approval is in the file."""
    out = concurrency.hermes(10, 3, tmp_path, None)
    assert out.failures == []
    assert out.lost == 0
    assert out.trials >= 1
    assert out.faults >= 100
