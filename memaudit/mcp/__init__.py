"""``memaudit mcp``: a memory server for agents whose writes wait for a person.

The tools are plain functions over an open :class:`~memaudit.ledger.Ledger`
(``tools`` for the native profile, ``compat`` for the drop-in profile of the official
knowledge-graph server), so they are tested and benchmarked without any transport.
Only ``memaudit.mcp.server`` imports the MCP SDK (the optional extra
``memaudit[mcp]``); nothing else here needs it.

What an agent can do through it is deliberately less than a person can: remember
(through the same write gate as ``memaudit stage``), recall what a person approved,
ask why a memory is trusted as it is, and *ask* for something to be forgotten. There is
no tool to approve, promote, reject, edit or forget.
"""
