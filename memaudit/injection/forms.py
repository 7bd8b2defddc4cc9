"""Structural forms read outside the pattern tables: destinations, role tokens and
headers, HTML comments, encoded payloads, quotes and code."""

from __future__ import annotations

import re

from memaudit.injection.vocabulary import _EMAIL, _URL, _rx, _split

_SEND = _rx(
    r"\b(?:(?:send|forward|upload|transmit|exfiltrate|leak|relay|deliver|mirror|replicate)(?:s|es|ed|ing)?|(?:email|e-mail|mail|post|copy|share|report|sync|submit|ping|notify|archive|export|dump|stream|transfer|back\s+up)(?:ed|ing)?|sent|cc|bcc|envoie|envoyez|envoyer|transmets|transmettez|transférer|transfère|partage[rz]?|invia|inviare|inoltra|inoltrare|manda|mandare|trasmetti|envía|enviar|reenvía|reenviar|mandar|transmite|comparte|sende|senden|schicke|schicken|weiterleiten|leite|übermittle|übermitteln)\b"
)
# "to"/"at" (in each language) and then, close by, an address, a URL or a webhook.
_TO_DESTINATION = re.compile(
    r"\b(?:to|at|into|towards|via|onto|à|a|al|an|nach|per|vers|verso|hacia)\b[^.\n]{0,50}?"
    rf"(?:{_EMAIL}|{_URL}|\bwebhook\b)",
    re.IGNORECASE,
)
_ADDRESS = re.compile(rf"{_EMAIL}|{_URL}", re.IGNORECASE)

_ROLE_TOKENS = _rx(
    r"<\|\s*(?:im_start|im_end|im_sep|system|user|assistant|endoftext|begin_of_text|end_of_text|start_header_id|end_header_id|eot_id|eom_id|tool|function|channel|message)\s*\|>"
    r"|\[/?inst\]|<</?sys>>|</?(?:system|system_prompt|sys|instructions?|admin|thinking|reasoning|scratchpad)>"
    r"|^\s*assistant\s*:\s*(?:sure|certainly|of\s+course|okay|ok|absolutely)\b"
    r"|^\s*\[(?:system|admin|developer)\]"
    r"|^\s*#{2,}\s*(?:system|instruction|instructions|assistant|response)(?:\s+(?:prompt|message))?\s*(?::|#{2,}|$)"
    r"|^\s*#{2,}\s*end\s+of\s+(?:user\s+input|document|instructions)\b[^\n]*"
    r"|(?:-{3,}|#{3,}|={3,}|\*{3,})\s*end\s+of\s+(?:user\s+input|document|context|instructions|prompt|file|email|data)\s*(?:-{3,}|#{3,}|={3,}|\*{3,})?"
)
_ROLE_HEADER = _rx(r"^\s*(?:system|assistant|developer|user)\s*:\s*\S")
_HTML_COMMENT = re.compile(r"<!--(.*?)(?:-->|$)", re.DOTALL)
_DECODE_AND_RUN = _rx(
    r"\b(?:decode|decrypt|deobfuscate|translate|convert|unscramble|reverse|read)\b[^.\n]{0,60}?\b(?:and|then)\s+(?:do|follow|execute|obey|run|perform|carry\s+out|act\s+on|apply)\b|\b(?:execute|follow|obey|do)\s+(?:exactly\s+)?(?:what\s+it\s+says|the\s+instructions?\s+(?:inside|within|in\s+it))\b"
)
# A run may follow "key=" ("agent_hint=V2hlbiBh..."): a value, not the padding of a run.
_BASE64 = re.compile(
    r"(?:(?<=[A-Za-z_]=)|(?<![A-Za-z0-9+/=_-]))[A-Za-z0-9+/_-]{20,}={0,2}(?![A-Za-z0-9+/=_-])"
)
_HEX = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){12,}(?![0-9A-Fa-f])")
_BINARY = re.compile(r"(?:[01]{8}[ ]?){6,}")
_PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2}[^%\s]{0,16}){5,}")
_ESCAPES = re.compile(r"(?:\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2}){6,}")
_SPACED = re.compile(r"(?<!\S)(?:[A-Za-z] {1,3}){5,}[A-Za-z](?!\S)")
# Letters joined by dots or dashes ("i.g.n.o.r.e", "s-e-n-d-e"): each such word is read
# joined when one of them spells five letters or more ("e.g.", "a.k.a." are abbreviations).
_DOTTED = re.compile(r"(?<![\w.\-])[A-Za-z](?:[.\-_·*][A-Za-z]){2,}[.\-_·*]?(?![\w\-])")
_DOTTED_GATE = re.compile(r"[a-z](?:[.\-_·*][a-z]){4}")  # on the lowered text
_DOT = re.compile(r"[.\-_·*]")


def joined_letters(view: str) -> str | None:
    """The text with each word of letters joined by dots or dashes read joined, when one
    of them spells five letters or more; else None."""
    if not ("." in view or "-" in view) or all(len(m[0]) < 9 for m in _DOTTED.finditer(view)):
        return None
    return _DOTTED.sub(lambda m: _DOT.sub("", m.group(0)), view)


_MORSE = re.compile(r"(?:[.-]{1,6}(?: | / |/)){8,}[.-]{1,6}")
_MORSE_TABLE = dict(
    zip(
        _split(
            ".- -... -.-. -.. . ..-. --. .... .. .--- -.- .-.. -- -. --- .--. --.- .-. ... - ..- "
            "...- .-- -..- -.-- --.. ----- .---- ..--- ...-- ....- ..... -.... --... ---.. ----."
        ),
        "abcdefghijklmnopqrstuvwxyz0123456789",
        strict=True,
    )
)

# Words that say a text is *about* attacks or gives examples (quotes there are quoted).
_META = _rx(
    r"\b(?:attack(?:s|ers?|ed)?|attacker|injections?|inject(?:ed|s)?|malicious|jailbreak(?:s|ing)?|payloads?|phishing|exploit(?:s|ed)?|adversar(?:y|ial)|red[- ]team(?:ing)?|researchers?|paper|owasp|example|examples|e\.g\.|for\s+instance|such\s+as|a\s+classic|techniques?|vulnerabilit(?:y|ies)|poison(?:ing|ed)?|defen[cs]es?|detect(?:ion|or|s)?|scanner|warn(?:s|ed|ing)?|beware|scams?|never\s+trust|threat|spoof(?:ed|ing)?|exfiltration|worms?|"
    r"attacco|attacchi|iniezione|esempio|ad\s+esempio|dannoso|attaque|attaquants?|exemple|par\s+exemple|malveillant|ataque|atacantes?|inyección|ejemplo|por\s+ejemplo|malicioso|angriff|angreifer|beispiel|zum\s+beispiel|bösartig|injektion)\b"
)
# Words that show an example right before it ("comments such as <!-- ... -->").
_SHOWING = re.compile(
    r"(?:\bsuch\s+as|\be\.g\.|\bfor\s+(?:example|instance)|\blike|\bpar\s+exemple|\bcomme|"
    r"\bad\s+esempio|\bcome|\bpor\s+ejemplo|\bcomo|\bzum\s+beispiel|\bz\.\s?b\.|\bwie)[\s:,]*$",
    re.IGNORECASE,
)
# Words that say a text is about chat templates (role tokens there are mentioned, not used).
_ROLE_META = re.compile(
    r"\b(?:tokens?|markers?|tokeni[sz]ers?|formats?|templates?|chatml|syntax|delimiters?|wraps?|markup|"
    r"explains?|blog\s+post|balises?|jetons?|formato|plantillas?|etiquetas?|marcatori|vorlagen?|markierungen|"
    r"special\s+tokens|prompt\s+format|chat\s+format)\b"
)
_QUOTES = re.compile(
    r"\"[^\"\n]{3,400}\"|“[^”]{3,400}”|«[^»]{3,400}»|„[^“”]{3,400}[“”]|‘[^’\n]{3,400}’|(?<![A-Za-z])'[^'\n]{3,400}'(?![A-Za-z])"
)
_CODE = re.compile(r"```.*?(?:```|$)|`[^`\n]+`|(?:^|\n)(?: {4}|\t)[^\n]+", re.DOTALL)
