"""The command palette (ctrl+p): every action of the current screen, by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class ReviewCommands(Provider):
    """Lists the current screen's actions (``PALETTE``) and the help."""

    def _entries(self) -> list[tuple[str, str, str]]:
        entries = list(getattr(self.screen, "PALETTE", []))
        entries.append(("Help", "show the keys", "app.help"))
        return entries

    def _run(self, action: str) -> None:
        self.app.call_later(self.screen.run_action, action)

    async def discover(self) -> Hits:
        for name, help_text, action in self._entries():
            yield DiscoveryHit(name, partial(self._run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, action in self._entries():
            score = matcher.match(name)
            if score > 0:
                yield Hit(
                    score, matcher.highlight(name), partial(self._run, action), help=help_text
                )
