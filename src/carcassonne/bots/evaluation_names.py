"""The evaluations by name: the ``evaluation`` setting of the greedy and
search bots (``simple``, ``expected``, ``fitting`` and ``learned``).

The learned one (:mod:`carcassonne.bots.learned`) builds on the
hand-written ones of :mod:`carcassonne.bots.evaluation`, so the names live
here, above both; its weights are a data file read on first use, only by
the bots that ask for it.

>>> sorted(EVALUATIONS)
['expected', 'fitting', 'learned', 'simple']
>>> EVALUATIONS["simple"] is SIMPLE
True
"""

from __future__ import annotations

from carcassonne.bots.evaluation import EXPECTED, FITTING, SIMPLE, Evaluation
from carcassonne.bots.learned import LEARNED

#: The evaluations by name.
EVALUATIONS: dict[str, Evaluation] = {
    "simple": SIMPLE, "expected": EXPECTED, "fitting": FITTING, "learned": LEARNED}
