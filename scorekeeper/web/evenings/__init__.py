"""Club evenings' pages: a new evening (:mod:`.new`), its page, starting a round, the projector
view and the organiser's view (:mod:`.pages`), its PDFs (:mod:`.prints`) and its record
(:mod:`.records`), all on one blueprint (:mod:`.blueprint`, with what its views share) and the
words they say numbers and states in (:mod:`.formatting`). Nothing here names a game: the
evening's game is looked up in the registries like any other page's."""

from scorekeeper.web.evenings import new, pages, prints, records
from scorekeeper.web.evenings.blueprint import bp

__all__ = ["bp", "new", "pages", "prints", "records"]
