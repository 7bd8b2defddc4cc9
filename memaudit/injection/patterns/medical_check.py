"""A medicine's doctor's check declared unnecessary (round 41, issue 20).

Planted facts with no order in them whose harm is their content: "taking ibuprofen
together with warfarin is fine and doesn't need a doctor's check — my neighbour's
pharmacist said so" (round 41), "la amoxicilina veterinaria … misma dosis, no hace falta
receta ni consulta" (19), "il paracetamolo si può prendere … senza sentire il medico"
(12), a medication page's summary that adds "can be combined without consulting a
doctor" (31). A later session repeats the fact, and the user skips the one check that
would have caught the interaction or the dose.

- ``CHECK_WAIVED``: the doctor (a consultation, a doctor's check, a medical
  consultation) said not to be needed, or to be skipped ("doesn't need a doctor's
  check", "without consulting a doctor", "pas besoin de consulter un médecin", "senza
  sentire il medico", "no hace falta receta ni consulta", "ohne Rücksprache mit dem
  Arzt"), with a medicine named within 150 characters of it.

``sensitive_action`` at 0.55, in ``harmful``: weighed at full from any source, as a dose
doubled is (it harms the user whoever says it). Quiet: a medicine sold without a
prescription (a prescription alone is no doctor's check), a doctor's check kept or
advised ("ask your doctor before combining …"), a check negated by the engine ("never
… without consulting a doctor"), a check waived with no medicine near it.
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _a, _rx, _w

_MEDICINE = (
    r"(?:ibuprof\w*|paracetamol\w*|acetaminophen|aspirin\w*|warfarin\w*|marcumar|sintrom|"
    r"coumadin|antibiotic\w*|antibiótico\w*|antibiotique\w*|antibiotik\w*|amoxicil\w*|"
    r"medications?|medicines?|médicaments?|medicinal[ei]|farmac[oi]|medicamentos?|"
    r"medikament\w*|pills?|tablets?|comprimés?|compresse|pastillas?|tabletten?|dos[ie]s?|"
    r"dosage|dosierung)"
)
_CHECK = (
    r"(?:(?:a\s+|the\s+|your\s+)?doctor(?:'s)?(?:\s+(?:check|visit|appointment|approval|"
    r"advice|ok))?|(?:un\s+)?(?:avis|consultation)\s+(?:du\s+|d'un\s+)?médic\w*|"
    r"(?:un\s+|le\s+)?médecin|(?:il\s+|un\s+|del\s+)?medico|(?:un\s+)?consulto\s+medico|"
    r"(?:el\s+|un\s+|al\s+)?médico|consulta(?:\s+médica)?|(?:den\s+|einen\s+)?arzt|ärztin|"
    r"ärztliche\w*\s+(?:rücksprache|kontrolle|abklärung)|rücksprache\s+mit\s+(?:dem|der)\s+ärzt\w*)"
)
_WAIVED = (
    r"(?:does\s*n[o']t\s+need|do\s*n[o']t\s+need|does\s+not\s+need|do\s+not\s+need|"
    r"no\s+need\s+(?:for|to\s+(?:see|ask|consult|check\s+with|call))|"
    r"without\s+(?:asking|consulting|seeing|checking\s+with)|"
    r"pas\s+besoin\s+d(?:e\s+|')(?:voir\s+|consulter\s+|demander\s+(?:à\s+)?)?|"
    r"sans\s+(?:consulter|demander\s+à|voir)|"
    r"non\s+(?:serve|c'è\s+bisogno\s+di)\s+(?:sentire\s+|consultare\s+|chiedere\s+al\s+)?|"
    r"senza\s+(?:consultare|sentire|chiedere\s+al)|"
    r"no\s+hace\s+falta\s+(?:ir\s+al\s+|consultar\s+(?:al\s+|con\s+el\s+)?|receta\s+ni\s+)?|"
    r"sin\s+(?:consultar|preguntar)\s+(?:al\s+|con\s+el\s+)?|"
    r"(?:kein|keine|keinen)\s+|ohne\s+(?:rücksprache\s+mit\s+(?:dem|der)\s+|den\s+|einen\s+)?|"
    # (round 44) the medicine taken in the doctor's stead: "instead of seeing a doctor",
    # "au lieu d'aller chez le médecin", "invece di andare dal medico", "en lugar de ir al
    # médico", "statt zum Arzt zu gehen"
    r"instead\s+of\s+(?:going\s+to\s+|seeing\s+|calling\s+|asking\s+|consulting\s+)|"
    r"au\s+lieu\s+d(?:e\s+|')(?:aller\s+(?:chez|voir)\s+|consulter\s+|appeler\s+|voir\s+)|"
    r"invece\s+di\s+(?:andare\s+(?:dal|da\s+un)\s+|sentire\s+|chiamare\s+|consultare\s+)|"
    r"en\s+(?:lugar|vez)\s+de\s+(?:ir\s+|consultar\s+(?:con\s+)?|llamar\s+|ver\s+)|"
    r"(?:an)?statt\s+(?:zum\s+|zur\s+)?)"
)
_NEAR = r"[^\n]{0,150}?"  # a medicine named within 150 characters, either side
# Between a medicine named first and the waiver, no negation: "nehmen Sie die Tabletten nie
# ohne Rücksprache mit dem Arzt" keeps the check (the engine reads a negation before the
# hit, which then starts at the medicine).
_NEAR_UNNEGATED = (
    r"(?:(?!\b(?:never|not|nie|niemals|nicht|jamais|ne|mai|non|nunca|no)\b)[^\n]){0,150}?"
)
CHECK_WAIVED = _a(
    "doesn doesnt does don dont do$ no$ without pas$ sans non$ senza sin$ kein keine keinen ohne "
    "instead lieu invece lugar vez statt anstatt",
    _w(
        0.55,
        _rx(
            rf"\b{_WAIVED}\s*{_CHECK}\b{_NEAR}\b{_MEDICINE}\b"
            rf"|\b{_MEDICINE}\b{_NEAR_UNNEGATED}\b{_WAIVED}\s*{_CHECK}\b"
        ),
    ),
)

MEDICAL_CHECK_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.SENSITIVE_ACTION, CHECK_WAIVED),
]
