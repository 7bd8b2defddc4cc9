"""memaudit's benchmarks: generated ledgers of 10k/100k/1M memories and timed queries.

Run them with ``python -m benchmarks.run``; see ``benchmarks/README.md``.
"""
