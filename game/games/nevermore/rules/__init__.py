"""The Nevermore rules engine (pure Python: game.core and the standard library; PyYAML only to read the
Magick card file).

Modules: ``state`` (the state, ``Situation`` for exact set-ups, the contract methods), ``flow`` (the task
machine), ``draft`` (deal, passes, kills), ``resolution`` (Conspiracy, suits, pecks, Skulking Ravens,
return to human form, clean-up), ``damage`` (damage, healing, VP caps, transformations, win checks),
``magick`` (windows, priority, responses, the primitives), ``magick_data`` (the YAML card list),
``observe`` (observations), ``worlds`` (``sample_state``: worlds consistent with an observation), ``knowledge``
(what a seat remembers of its passes), ``draws`` (``random``'s shuffle and sample, cheaper), ``actions`` and
``events``.

Decisions (``state.pending[0]``) and their actions (text form):
- ``pass``    PassCards     ``pass attack+raven+victory``  (secret; committed seat by seat)
- ``kill``    KillCards     ``kill healing``              (secret; only asked when there is a choice)
- ``attack``  AttackPlayer  ``attack 2``; AttackAll ``attack all`` (power 4+)
- ``peck``    Peck          ``peck`` / ``no peck``
- ``magick``  PlayMagick    ``play midnight_thorn on 2``, ``play lamp_in_the_window as radiance``,
              ``play sextons_toll as victory,attack,healing,radiance``; NoMagick ``no magick``
- ``respond`` the same, for PLAY AT ANY TIME answers (to a Magick card or to incoming damage)
"""

from .state import NevermoreState, Situation  # noqa: F401
from .observe import NevermoreObservation  # noqa: F401
from .worlds import WorldSampler, sample_state  # noqa: F401
