import stat
from pathlib import Path

from memaudit import sidecar


def test_sidecar_lives_in_the_data_dir_not_next_to_the_store(tmp_path: Path) -> None:
    store = tmp_path / "provider" / "history.db"
    store.parent.mkdir()
    store.write_bytes(b"")
    assert sidecar.open_sidecar(str(store), readonly=True) is None
    ledger = sidecar.open_sidecar(str(store))
    assert ledger is not None
    with ledger:
        ledger_path = ledger.path
        with ledger.transaction():
            ledger.log("approve", "pending-1", reason="checked")
    assert list(store.parent.iterdir()) == [store]  # nothing written beside the store
    assert ledger_path.parent.parent == sidecar.data_dir()
    assert stat.S_IMODE(sidecar.data_dir().stat().st_mode) == 0o700
    again = sidecar.open_sidecar(str(store), readonly=True)
    assert again is not None
    with again:
        assert [e.action for e in again.events()][-1] == "approve"
    assert sidecar.sidecar_path(str(store)) == sidecar.sidecar_path(
        str(store.parent / "." / "history.db")
    )
