"""The Nevermore rules engine (pure Python: game.core and the standard library; PyYAML only to read the
Magick card file).

Modules: ``config`` (the rule parameters), ``cards``, ``actions``, ``events``, ``tasks`` (the steps of a
hand, the decisions, damage under way), ``state`` (the state, the machine that runs a hand, ``new_game``,
``Situation`` for exact set-ups), ``draft`` (deal, passes, kills), ``resolution`` (Conspiracy, suits, pecks,
Skulking Ravens, return to human form, clean-up), ``damage`` (damage, healing, VP caps, transformations, win
checks), ``magick`` (windows, priority, responses, the primitives), ``magick_data`` (the YAML card list),
``observe`` (observations), ``worlds`` (``sample_state``: worlds consistent with an observation),
``knowledge`` (what a seat remembers of its passes).

Decisions (``state.decision``) and their actions (text form):
- ``PassDecision``     PassCards     ``pass attack+raven+victory``  (secret; committed seat by seat)
- ``KillDecision``     KillCards     ``kill healing``              (secret; only asked when there is a choice)
- ``AttackDecision``   AttackPlayer  ``attack 2``; AttackAll ``attack all`` (power 4+)
- ``PeckDecision``     Peck          ``peck`` / ``no peck``
- ``MagickDecision``   PlayMagick    ``play midnight_thorn on 2``, ``play lamp_in_the_window as radiance``,
                       ``play sextons_toll as victory,attack,healing,radiance``; NoMagick ``no magick``
- ``RespondDecision``  the same, for PLAY AT ANY TIME answers (to a Magick card or to incoming damage)
"""

from .actions import AttackAll, AttackPlayer, KillCards, NoMagick, PassCards, Peck, PlayMagick
from .config import SCHEMA, Config, MagickConfig
from .observe import NevermoreObservation
from .state import NevermoreState, Situation, new_game
from .tasks import (AttackDecision, Decision, Hit, KillDecision, MagickDecision, PassDecision, PeckDecision,
                    RespondDecision)
from .worlds import WorldSampler, sample_state

__all__ = ["AttackAll", "AttackDecision", "AttackPlayer", "Config", "Decision", "Hit", "KillCards", "KillDecision",
           "MagickConfig", "MagickDecision", "NevermoreObservation", "NevermoreState", "NoMagick", "PassCards",
           "PassDecision", "Peck", "PeckDecision", "PlayMagick", "RespondDecision", "SCHEMA", "Situation",
           "WorldSampler", "new_game", "sample_state"]
