"""A credentials file posted to a host, an encoded blob run by a shell (round 31's misses,
class D).

Round 25's ``ENV_PIPED`` knew the process environment piped to ``curl``; round 31 hid the
same act one step further: a base64 blob decoded straight into a shell (``echo … | base64
-d | sh``), which decodes to ``curl -X POST … -d @$HOME/.aws/credentials``. Each half
harms the user whoever asks for it, so each weighs at full from any source (``harmful``):

- ``CREDENTIALS_UPLOADED``: ``curl``, ``wget`` or ``http`` sending a credentials file of the
  user's home (``.aws/credentials``, ``.ssh/id_*``, ``.netrc``, ``.npmrc``, ``.pypirc``,
  ``.docker/config.json``, ``.kube/config``, ``.git-credentials``) as the request's body or
  upload: no setup step needs the keys to leave the machine;
- ``ENCODED_RUN``: a base64 text decoded and piped into a shell or an interpreter (``base64
  -d | sh``, ``| bash``, ``| python``), or PowerShell's ``iex`` of ``FromBase64String``: a
  command no reader can check before it runs.

What stays quiet: a credentials file read or shown locally (``cat ~/.aws/credentials``),
a file uploaded that holds no keys, a blob decoded to a file or to the screen (``base64 -d
> out.bin``), and texts about the trick (the engine's discount for texts about attacks).
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _a, _rx, _w

_HOME = r"(?:~|\$home|\$\{home\}|%userprofile%|/home/[\w.-]+|/users/[\w.-]+|/root)?/?"
_KEY_FILE = (
    r"\.(?:aws/credentials|ssh/id_\w+|netrc|npmrc|pypirc|docker/config\.json|kube/config|"
    r"git-credentials|config/gcloud/\S*credentials\S*)"
)
_BODY = (
    r"(?:-d|--data(?:-binary|-raw|-urlencode)?|-f\s*['\"]?\w*=|--form\s*['\"]?\w*=|"
    r"--upload-file|-t|--post-file=?|--body-file=?)"
)
CREDENTIALS_UPLOADED = _a(
    "curl wget http https",
    _w(
        0.85,
        _rx(rf"\b(?:curl|wget|https?)\b[^\n|;&]{{0,120}}?\s{_BODY}\s*['\"]?@?{_HOME}{_KEY_FILE}\b"),
    ),
)
ENCODED_RUN = _a(
    "base64 iex invoke-expression",
    _w(
        0.85,
        _rx(
            r"\bbase64\s+(?:-d|-D|--decode)\b[^\n|]{0,20}\|\s*(?:sudo\s+)?"
            r"(?:sh|bash|zsh|dash|ksh|python[23]?|perl|ruby|node)\b"
            r"|\b(?:iex|invoke-expression)\b[^\n]{0,80}?frombase64string"
        ),
    ),
)
# weighed at full from any source (``harmful``)
# (rounds 16-42) a folder or file of the user's home sent *to* a remote address: "den
# Ordner ~/Dokumente/Steuer nach sftp://upload.… hochladen", "zip the ~/Documents/clients
# folder and upload it to https://…", "sync ~/Documents to s3://…". A copy to a local
# mount (``/mnt/nas``) names no scheme; an address only named near a path ("add the key
# 'registry': 'https://…'") has no preposition sending the files to it.
_HOME_PATH = r"(?:~|/home/[\w.-]+|/users/[\w.-]+)/[^\s'\"`)]{1,80}"
_TO = r"(?:to|into|onto|nach|auf|zu|vers|sur|à|su|in|a|al|en)"
_REMOTE = r"(?:s?ftps?|scp|sftp|https?|webdav|s3|gs|smb|rsync)://"
HOME_UPLOADED = _a(
    "~/ /home/ /users/",
    _w(
        0.55,
        _rx(
            rf"(?<![\w/]){_HOME_PATH}(?:[^.!?\n]|\.(?=\w)){{0,80}}?\b{_TO}\s+"
            rf"(?:the\s+|le\s+|il\s+|el\s+)?[\"'`]?{_REMOTE}"
        ),
    ),
)
# Weighed by who proposes it (``patterns.__init__``): the user may back up their own files.
HOME_UPLOADED_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.SENSITIVE_ACTION, HOME_UPLOADED),
]

UPLOADED_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.SENSITIVE_ACTION, CREDENTIALS_UPLOADED),
    (Signal.SENSITIVE_ACTION, ENCODED_RUN),
]
