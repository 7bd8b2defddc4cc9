"""A safety caution lifted by a plain claim (round 39; carried to rounds 16, 20 and 12).

Fact poisoning with no order, no channel and no slot: a claim that takes away a caution the
user relies on, which a later answer repeats as fact. Two shapes, by structure:

- ``RISK_DECLARED_SAFE``: a risky combination or a vulnerable population declared safe —
  two medicines or household chemicals together ("el ibuprofeno y el Sintrom se pueden
  tomar juntos sin problema", "das Mischen von Chlorreiniger und Essig … empfohlen"), or a
  medicine for children, a pregnancy or with alcohol ("children under 12 can safely take
  adult-strength aspirin");
- ``RIGHT_CUT``: a consumer's or a tenant's protection declared cut, removed or waived — a
  withdrawal or notice period "cut to 3 days", a statutory warranty or an inspection
  abolished, a landlord who may enter "at any time without notice".

The kind is ``REDIRECTED_CHANNEL`` (a safety rule stated where no institution has it): the
source weighs it in ``provenance.assess`` — at full from a document, a tool, the assistant,
a summary, an extraction or an inference, and from the user's statement when it says the
claim came second-hand ("lo leí en un grupo de Facebook"); the user's own statement with a
reference (their doctor's instruction, stated first-hand) weighs as the user's.
Quiet: the warning itself (a negation in the match: ``channels.holds``), a text that
debunks a myth or negates it before the match (``refuted``), a dose for the right population with no "safe" claimed.
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _a, _rx

# One sentence: a dot before a letter or a digit ends none ("2.5 mg", "p. 3" ends one).
_S = r"(?:[^.!?;\n]|\.(?=\w))"
# Medicines a combination or a population makes risky, and household chemicals that must
# not be mixed.
_DRUG = (
    r"(?:ibuprofen[eo]?|ibuprofène|advil|nurofen|brufen|aspirin[ae]?|acetylsalicyl\w*|"
    r"acido\s+acetilsalicilico|ácido\s+acetilsalicílico|paracetamol[o]?|paracétamol|"
    r"acetaminophen|warfarin[ae]?|coumadin|sintrom|acenocoumarol\w*|marcumar|"
    r"blood\s+thinners?|anticoagul\w*|gerinnungshemm\w*|blutverdünn\w*|"
    r"codein\w*|codéine|tramadol\w*|opioid\w*|opiacé\w*|oppioid\w*|benzodiazepin\w*|"
    r"sleeping\s+pills?|somnifères?|sonniferi|somníferos?|schlaftabletten|"
    r"antibiotic\w*|antibiotique\w*|antibiotik\w*|"
    r"alcohol|alcool|alcol|alkohol|"
    r"bleach|chlorine|eau\s+de\s+javel|javel|candeggina|lejía|chlorreiniger|chlorbleiche|"
    r"ammonia|ammoniaque|ammoniaca|amoníaco|salmiak\w*|vinegar|vinaigre|aceto|vinagre|essig)"
)
# For a population, the medicines its label warns of (paracetamol, ibuprofen and
# antibiotics for children or in a pregnancy are what a leaflet doses: not counted there).
_RISKY_FOR = (
    r"(?:aspirin[ae]?|acetylsalicyl\w*|acido\s+acetilsalicilico|ácido\s+acetilsalicílico|"
    r"warfarin[ae]?|coumadin|sintrom|acenocoumarol\w*|marcumar|blood\s+thinners?|anticoagul\w*|"
    r"gerinnungshemm\w*|blutverdünn\w*|codein\w*|codéine|tramadol\w*|opioid\w*|opiacé\w*|"
    r"oppioid\w*|benzodiazepin\w*|sleeping\s+pills?|somnifères?|sonniferi|somníferos?|"
    r"schlaftabletten|alcohol|alcool|alcol|alkohol|"
    # (round 46) an adult's medicine, for a child: "half an adult aspirin", "un comprimé
    # pour adulte", "mezza aspirina da adulto", "für Erwachsene", "adult-strength"
    r"adult(?:[\s-]strength|\s+(?:doses?|dosage|tablets?|pills?|strength))|"
    r"(?:for|pour|per|para|für)\s+(?:adults?|adultes?|adulti|adultos|erwachsene)|"
    r"(?:da|de)\s+adult[oi]s?|(?:aspirine|comprimés?|doses?)\s+(?:d')?adultes?|"
    r"erwachsenendosis)"
)
# (round 46) a drink beside a medicine its label forbids it with ("tramadol with a couple
# of beers", "un verre de vin avec les somnifères"): read as the population is
_DRINK = (
    r"(?:beers?|wine|drinks?|spirits|vodka|whisk(?:e)?y|bières?|vin|verres?|birr[ae]|vino|"
    r"cervezas?|copas?|bier|biere|wein|schnaps)"
)
_DRUG_ANCHORS = (
    "ibuprofen ibuprofène advil nurofen brufen aspirin acetylsalicyl acido ácido paracetamol "
    "paracétamol acetaminophen warfarin coumadin sintrom acenocoumarol marcumar blood "
    "anticoagul gerinnungshemm blutverdünn codein codéine tramadol opioid opiacé oppioid "
    "benzodiazepin sleeping somnifère sonniferi somnífero schlaftabletten antibiotic "
    "antibiotique antibiotik alcohol alcool alcol alkohol bleach chlorine eau javel "
    "candeggina lejía chlorreiniger chlorbleiche ammonia ammoniaque ammoniaca amoníaco "
    "salmiak vinegar vinaigre aceto vinagre essig adult adulte adulti adulto erwachsene "
    "erwachsenendosis adults adultes adultos"
)
# Who a medicine's label protects: children, babies, a pregnancy.
_VULNERABLE = (
    r"(?:child(?:ren)?|kids?|infants?|bab(?:y|ies)|toddlers?|pregnan\w*|breastfeeding|"
    r"enfants?|bébés?|nourrissons?|enceintes?|grossesse|allaitement|"
    r"bambin[oi]|neonat[oi]|incinta|gravidanza|allattamento|"
    r"niñ[oa]s?|bebés?|embarazad\w*|embarazo|lactancia|"
    r"kinder[n]?|kleinkinder[n]?|säugling\w*|babys|schwanger\w*|stillzeit|"
    # (round 46) a child by its age: "our 2-year-old", "18-month-old", "fils de 3 ans",
    # "bimba di 2 anni", "niño de 2 años", "2-jährigen Sohn", "the little one"
    r"\d{1,2}[\s-]?(?:years?|months?)[\s-]?olds?|(?:de|di)\s+\d{1,2}\s+(?:ans|anni|años|mois|mesi|meses)|"
    r"\d{1,2}-?jährig\w*|little\s+one|bimb[aoie]|kleinkind\w*)"
)
# Declared safe or the way to do it ("no problem", "kein Problem" carry a negation the
# engine reads as a warning: their positive twins are written here).
_SAFE = (
    r"(?:safe(?:ly)?|harmless|without\s+(?:a\s+|any\s+)?(?:problems?|risks?|issues?|danger)|"
    r"perfectly\s+fine|recommended|"
    r"sans\s+(?:aucun\s+)?(?:risques?|problèmes?|danger)|sans\s+souci|inoffensi\w*|recommandé\w*|"
    r"senza\s+(?:alcun\s+)?(?:problemi|problema|rischi|rischio|pericol\w*)|tranquillamente|"
    r"innocu\w*|consigliat\w*|"
    r"sin\s+(?:ningún\s+)?(?:problemas?|riesgos?|peligro)|tranquilamente|inofensiv\w*|"
    r"recomendad\w*|"
    r"unbedenklich\w*|bedenkenlos|problemlos|gefahrlos|harmlos\w*|"
    r"ohne\s+(?:weiteres|probleme?|risiko|bedenken|gefahr)|empfohlen\w*|"
    # (round 46) "it's fine", "va bene", "está bien", "è sicura", "es seguro" (a predicate:
    # "limpieza segura" names a topic)
    r"(?:is|are|'s)\s+(?:fine|ok(?:ay)?|all\s+right)|(?<!'s\s)(?<!is\s)(?:fine|ok(?:ay)?)\s+to|sans\s+problème|c'est\s+bon|(?:va|vanno)\s+bene|"
    r"(?:è|sono|es|son)\s+(?:(?:del\s+tutto|perfettamente|totalmente|completamente|muy)\s+)?"
    r"(?:sicur[oaie]|segur[oa]s?)|está\s+bien|in\s+ordnung)"
)
# (each middle element is the first found, committed: ``(?>…)``, so that a run of the same
# words costs one window per start, not one per pair)
_FOR_WHOM = rf"(?:{_VULNERABLE}|{_DRINK})"
RISK_DECLARED_SAFE = _a(
    _DRUG_ANCHORS,
    _rx(
        # a medicine, another or a population, safe ("ibuprofen and Sintrom … without a
        # problem", "aspirine aux enfants … sans aucun risque")
        rf"\b{_DRUG}\b(?>{_S}{{0,60}}?\b{_DRUG}\b){_S}{{0,80}}?\b{_SAFE}\b"
        rf"|\b{_RISKY_FOR}\b(?>{_S}{{0,60}}?\b{_FOR_WHOM}\b){_S}{{0,80}}?\b{_SAFE}\b"
        # a medicine, safe, another or a population ("warfarina … sin problema con ibuprofeno")
        rf"|\b{_DRUG}\b(?>{_S}{{0,60}}?\b{_SAFE}\b){_S}{{0,60}}?\b{_DRUG}\b"
        rf"|\b{_RISKY_FOR}\b(?>{_S}{{0,60}}?\b{_SAFE}\b){_S}{{0,60}}?\b{_FOR_WHOM}\b"
        # safe first ("safe to give aspirin to children")
        rf"|\b{_SAFE}\b(?>{_S}{{0,60}}?\b{_DRUG}\b){_S}{{0,60}}?\b{_DRUG}\b"
        rf"|\b{_SAFE}\b(?>{_S}{{0,60}}?\b{_RISKY_FOR}\b){_S}{{0,60}}?\b{_FOR_WHOM}\b"
        rf"|\b{_SAFE}\b(?>{_S}{{0,60}}?\b{_FOR_WHOM}\b){_S}{{0,60}}?\b{_RISKY_FOR}\b"
        # a population first ("children under 12 can safely take adult-strength aspirin")
        rf"|\b{_FOR_WHOM}\b(?>{_S}{{0,60}}?\b{_SAFE}\b){_S}{{0,60}}?\b{_RISKY_FOR}\b"
        rf"|\b{_FOR_WHOM}\b(?>{_S}{{0,60}}?\b{_RISKY_FOR}\b){_S}{{0,60}}?\b{_SAFE}\b"
    ),
)

# -- a consumer's or a tenant's protection cut --------------------------------------------
_RIGHT = (
    r"(?:withdrawal\s+(?:period|right)|right\s+of\s+withdrawal|cooling[\s-]off\s+period|"
    r"notice\s+period|statutory\s+(?:warranty|guarantee)|mot\s+test|"
    r"délai\s+de\s+(?:rétractation|préavis)|droit\s+de\s+rétractation|garantie\s+légale|"
    r"contrôle\s+technique|"
    r"diritto\s+di\s+recesso|termine\s+di\s+recesso|periodo\s+di\s+preavviso|garanzia\s+legale|"
    r"revisione\s+(?:auto|obbligatoria)|"
    r"derecho\s+de\s+desistimiento|plazo\s+de\s+(?:desistimiento|preaviso)|garantía\s+legal|itv|"
    r"widerrufsfrist|widerrufsrecht\w*|kündigungsfrist\w*|gewährleistung\w*|hauptuntersuchung)"
)
_RIGHT_ANCHORS = (
    "withdrawal right cooling notice statutory mot$ délai droit garantie contrôle diritto "
    "termine periodo garanzia revisione derecho plazo garantía itv$ widerrufsfrist "
    "widerrufsrecht kündigungsfrist gewährleistung hauptuntersuchung"
)
_CUT = (
    r"(?:cut\s+to|reduced\s+to|shortened\s+to|abolished|scrapped|removed|"
    r"réduit\s+à|ramené\s+à|raccourci\s+à|supprimé\w*|aboli\w*|"
    r"ridott[oa]\s+a|accorciat[oa]\s+a|abolit[oa]|eliminat[oa]|soppress[oa]|"
    r"reducid[oa]\s+a|acortad[oa]\s+a|eliminad[oa]|suprimid[oa]|abolid[oa]|"
    r"verkürzt|reduziert|abgeschafft|gestrichen|entfällt|ausgeschlossen)"
)
# Who may enter a home: the landlord, at any time, without notice.
_LANDLORD = (
    r"(?:landlords?|letting\s+agents?|propriétaires?|bailleurs?|padron[ei]\s+di\s+casa|"
    r"locator[ei]|proprietari[oa]|caseros?|arrendador(?:es)?|propietari[oa]s?|vermieter\w*)"
)
_LANDLORD_ANCHORS = (
    "landlord letting propriétaire bailleur padrone padroni locator proprietari casero "
    "arrendador propietari vermieter"
)
_ENTER = (
    r"(?:enter|access|come\s+in(?:to)?|let\s+(?:himself|herself|themselves)\s+in|"
    r"entrer|pénétrer|accéder|entrare|accedere|entrar|acceder|betreten|hineingehen|"
    r"reinkommen|zutritt)"
)
_UNANNOUNCED = (
    r"(?:at\s+any\s+time|without\s+(?:prior\s+|any\s+)?notice|à\s+tout\s+moment|"
    r"sans\s+(?:préavis|prévenir)|in\s+qualsiasi\s+momento|senza\s+preavviso|"
    r"en\s+cualquier\s+momento|sin\s+(?:previo\s+)?aviso|jederzeit|"
    r"ohne\s+(?:vor)?ankündigung|unangekündigt)"
)
RIGHT_CUT = _a(
    _RIGHT_ANCHORS + " " + _LANDLORD_ANCHORS,
    _rx(
        rf"\b{_RIGHT}\b{_S}{{0,80}}?\b{_CUT}\b"
        rf"|\b{_CUT}\b{_S}{{0,40}}?\b{_RIGHT}\b"
        rf"|\b{_LANDLORD}\b(?>{_S}{{0,60}}?\b{_ENTER}\b){_S}{{0,60}}?\b{_UNANNOUNCED}"
        rf"|\b{_LANDLORD}\b(?>{_S}{{0,60}}?\b{_UNANNOUNCED}){_S}{{0,60}}?\b{_ENTER}\b"
    ),
)

CAUTION_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.REDIRECTED_CHANNEL, RISK_DECLARED_SAFE),
    (Signal.REDIRECTED_CHANNEL, RIGHT_CUT),
]

# A text that reports the claim to debunk it: a myth, a hoax, a false message, denied.
_DEBUNKED = _rx(
    r"\b(?:myths?|hoax\w*|debunk\w*|misinformation|fake\s+news|false\s+claims?|"
    r"mythes?|intox|fausses?\s+(?:informations?|rumeurs?)|infox|démenti\w*|"
    r"miti|mito|bufal\w*|smentit\w*|disinformazione|"
    r"bulos?|desmint\w*|desinformación|falsos?|"
    r"mythos|falschmeldung\w*|widerlegt\w*|desinformation|irrtum|irrglaube\w*)\b"
)
_CAUTION = tuple(p for _, p in CAUTION_PATTERNS)


# A negation before the match in its sentence: "it is not safe to give aspirin to …",
# "never assume … are safe together" (the warning, its claim negated).
_NEGATION = _rx(
    r"\b(?:not|never|no|don't|doesn't|isn't|aren't|pas|jamais|ne|n'|non|mai|nunca|nie|"
    r"niemals|nicht|kein\w*)\b"
)
_SENTENCE_END = _rx(r"[.!?;\n]")
_LOOK_BACK = 80  # characters before the match read for a negation


def refuted(low: str, start: int, end: int) -> bool:
    """Whether a caution-lifted match at ``start:end`` is refuted: a text that calls the
    claim a myth, a hoax or false (an article debunking it), or a negation before it in
    its sentence (the warning)."""
    if not any(p.match(low, start) for p in _CAUTION):
        return False
    if _DEBUNKED.search(low) is not None:
        return True
    before = max(0, start - _LOOK_BACK)
    ends = [m.end() for m in _SENTENCE_END.finditer(low, before, start)]
    return _NEGATION.search(low, ends[-1] if ends else before, start) is not None
