"""The six probes of a memory system (docs/concepts.md, "The six probes").

- ``guided``: probes 1-4 on any store memaudit opens — memaudit writes the script
  (unique markers, what to say, when to start a new session) and does the digging;
- ``automated``: probes 5-6 against a provider's own API, run by a small driver inside
  the provider's own Python (``drivers/``), then checked with memaudit's adapter;
- ``log``: past runs, in the probe log (a sidecar ledger), for ``probe history``.

No UI here: the CLI (``memaudit/cli/probe_cmds.py``) renders what these return.
"""
