"""The evaluations by name: the ``evaluation`` setting of the greedy and
search bots (``simple``, ``expected``, ``fitting``, ``learned`` and
``corrected``, the fitting estimate with learned terms).

The learned ones (:mod:`carcassonne.bots.learned`,
:mod:`carcassonne.bots.value_terms`) build on the hand-written ones of
:mod:`carcassonne.bots.evaluation`, so the names live here, above both;
their weights are data files read on first use, only by the bots that ask
for them.

>>> sorted(EVALUATIONS)
['corrected', 'expected', 'fitting', 'learned', 'simple']
>>> EVALUATIONS["simple"] is SIMPLE
True
"""

from __future__ import annotations

from carcassonne.bots.evaluation import EXPECTED, FITTING, SIMPLE, Evaluation
from carcassonne.bots.learned import LEARNED
from carcassonne.bots.value_terms import CORRECTED

#: The evaluations by name.
EVALUATIONS: dict[str, Evaluation] = {
    "simple": SIMPLE, "expected": EXPECTED, "fitting": FITTING, "learned": LEARNED,
    "corrected": CORRECTED}
