"""What the two faces (the CLI in ``memaudit.cli``, the review UI in ``memaudit.tui``)
share, and nothing else: UI code, so the core never imports it.

``text`` is the faces' one output boundary for store text (Rich ``Text``, never
markup) and the styles both faces give tiers, verdicts and layer outcomes. It imports
rich only: the review UI loads it without typer, the CLI without textual.
"""
