"""What a receipt may not hold (memaudit.receipt.leaks): the content's sentences and its
rare tokens, in any string but hashes and keys."""

from __future__ import annotations

from memaudit import receipt

TEXTS = ["The staging vault passphrase is ZEBRA-7731-QUOKKA."]


def test_a_whole_sentence_or_a_rare_token_is_a_leak():
    assert receipt.leaks(
        {"request": {"reason": "the staging vault passphrase is zebra 7731 quokka"}}, TEXTS
    )
    assert receipt.leaks({"request": {"ids": ["vault-7731"]}}, TEXTS) == ["*73*"]
    assert receipt.leaks({"store": {"files": [{"path": "notes/zebra7731quokka.md"}]}}, TEXTS)


def test_hashes_keys_and_plain_words_are_not():
    body = {
        "store": {"files": [{"path": "store.db", "after": {"sha256": "ab7731cd" * 8}}]},
        "request": {"reason": "GDPR request about a staging passphrase", "text": {"salt": "7731"}},
        "verification": {"layers": [{"where": ["history.new_memory [id=5b3c7731-a588]"]}]},
    }
    assert receipt.leaks(body, TEXTS) == []
