"""The meld trade-off (:func:`.melds.meld_tradeoff`): for each number of melds a pile can be
laid as, the most points with exactly that many. Quick searches and simple arrangements give
candidates, lower bounds prove most of them, exact searches settle the rest."""

from __future__ import annotations

import itertools
from functools import lru_cache

from scorekeeper.games.cards import Suit, parse_card
from scorekeeper.games.sviten.meld_check import (
    _SUIT_INDEX,
    _SUITS,
    JOKER,
    meld_points,
    validate_meld,
)
from scorekeeper.games.sviten.meld_problem import _Problem
from scorekeeper.games.sviten.meld_search import (
    _BEAM,
    MEMO_SIZE,
    _Budget,
    _code,
)
from scorekeeper.games.sviten.meld_steps import _HIGH, _REFUND, _STEEP


@lru_cache(maxsize=MEMO_SIZE)
def _tradeoff(
    held: tuple[int, int, int, int], mult: tuple[int, int, int, int], jokers: int, limit: int
) -> tuple[tuple[int, int], ...]:
    """The answer of :func:`.melds.meld_tradeoff` as (melds, points) pairs, remembered (worked
    out within the work ``limit``)."""
    problem = _Problem(held, mult, jokers, steep=True)
    losses = _tradeoff_losses(problem, _Budget(limit))
    return tuple((count, 5 * (problem.ceiling - loss)) for count, loss in sorted(losses.items()))


def _tradeoff_losses(problem: _Problem, budget: _Budget) -> dict[int, int]:
    """Meld count -> the least loss with exactly that many melds, for every count possible.

    Quick searches find arrangements for many counts (the richest, and one with at least
    about half the melds; a third one aiming at the most melds seldom found what the exact
    search then did not have to find again); dropping the cheapest melds of the richest gives
    arrangements with fewer, splitting long runs ones with more. For the most melds, a start
    of sets of three and short runs (_many_melds), joined run by run for fewer (_join_runs).
    Lower bounds from the suits (for several rates of loss per meld) prove most counts (on the
    whole pack, every count: no exact search runs); exact searches then look for
    strictly better arrangements only for the others, and for the counts no quick search
    reached (first as cheap as the lower bound allows, then at any loss). They only count,
    so they merge the states of suits that trade places (see _Search._canonical).
    """
    known = {0: problem.ceiling}
    _learn_from_quick_searches(problem, budget, known)
    _learn_from_many_melds(problem, known)
    _settle_by_exact_searches(problem, budget, known)
    return known


def _learn(problem: _Problem, known: dict[int, int], count: int, loss: int) -> None:
    """Note an arrangement of ``count`` melds losing ``loss`` if it beats the one known."""
    if 0 <= count < problem.rows and loss < known.get(count, problem.ceiling + 1):
        known[count] = loss


def _learn_from_quick_searches(problem: _Problem, budget: _Budget, known: dict[int, int]) -> None:
    """The richest arrangements, and ones with at least about half the melds; from each, fewer
    melds by dropping the cheapest and more by splitting the longest runs."""
    ceiling, rows = problem.ceiling, problem.rows
    for want, push in ((0, _REFUND), (rows // 2, 4)):
        quick = budget.search(
            problem,
            [ceiling if final >= want else None for final in range(rows)],
            beam=2 * _BEAM,
            want=want,
            push=push,
        )
        found = quick.frontier()
        for count, loss in found.items():
            _learn(problem, known, count, loss)
        if not found:
            continue
        for count in (min(found, key=lambda c: (found[c], -c)), max(found)):
            melds = quick.rebuild(count)
            loss = found[count]
            units = sorted(_units(meld, problem.mult) for meld in melds)
            for dropped, value in enumerate(units, 1):
                loss += value
                _learn(problem, known, count - dropped, loss)
            for extra, cost in enumerate(_split_costs(melds, problem.mult), 1):
                _learn(problem, known, count + extra, found[count] + cost)


def _learn_from_many_melds(problem: _Problem, known: dict[int, int]) -> None:
    """Very many melds: sets of three and short runs, then fewer by joining runs (checked like
    laid melds, so that a slip here could never pass for an answer)."""
    trump = next((_SUITS[s] for s in range(4) if problem.mult[s] > 1), None)
    factor = max(problem.mult)
    melds = _many_melds(problem.held, problem.mult, problem.jokers)
    pile = [_code(p, s) for s in range(4) for p in range(2, _HIGH + 1) if problem.held[s] >> p & 1]
    meld_points(melds, trump, trump_run_factor=factor, cards=pile, jokers=problem.jokers)
    while melds:
        units = sum(validate_meld(meld, trump, trump_run_factor=factor) for meld in melds) // 5
        _learn(problem, known, len(melds), problem.ceiling - units)
        melds = _join_runs(melds, trump, factor)


def _settle_by_exact_searches(problem: _Problem, budget: _Budget, known: dict[int, int]) -> None:
    """Prove the counts known by the lower bounds (for the rates of loss per meld between
    neighbouring counts too); search for strictly better arrangements at the others, and at
    any loss for the counts still unknown."""
    ceiling, rows = problem.ceiling, problem.rows
    ordered = sorted(known)
    rates = {0, _REFUND, _STEEP}
    for low, high in itertools.pairwise(ordered):
        if high == low + 1:
            rates.add(known[high] - known[low])
    bound = {count: problem.least_loss(count, sorted(rates)) for count in range(rows)}
    found = {count: loss for count, loss in known.items() if loss <= bound[count]}
    # Strictly better than the arrangements known, as good as the lower bound for the rest.
    wanted = [
        None if count in found else known[count] - 1 if count in known else bound[count]
        for count in range(rows)
    ]
    for _ in range(2):
        if all(value is None for value in wanted):
            break
        search = budget.search(problem, wanted, symmetric=True)
        for count, loss in search.frontier().items():
            if loss < known.get(count, ceiling + 1):
                known[count] = loss
        found.update(
            {
                count: known[count]
                for count in range(rows)
                if wanted[count] is not None and count in known
            }
        )
        # Counts still unknown: at any loss, to learn whether they can be made at all.
        wanted = [None if count in found else ceiling for count in range(rows)]


def _many_melds(held: tuple[int, ...], mult: tuple[int, ...], jokers: int) -> list[tuple[str, ...]]:
    """An arrangement with many melds, most of three cards (a witness for the counts the quick
    searches seldom reach): rank by rank, sets of three from the suits that are not trumps;
    then each suit's cards left (trumps first), every row of cards in a row cut into as many
    runs as it can make, a joker completing a run of two; then pairs of a rank with a joker
    left. Not the best arrangement: a start for _join_runs. The ace is only high here."""
    left = [{p for p in range(2, _HIGH + 1) if h >> p & 1} for h in held]
    melds: list[tuple[str, ...]] = []
    plain = [s for s in range(4) if mult[s] == 1]
    for position in range(2, _HIGH + 1):
        holders = [s for s in plain if position in left[s]]
        if len(holders) >= 3:
            melds.append(tuple(_code(position, s) for s in holders[:3]))
            for s in holders[:3]:
                left[s].discard(position)
    for s in sorted(range(4), key=lambda t: -mult[t]):
        rows: list[list[int]] = []
        for position in sorted(left[s]):
            if rows and position == rows[-1][-1] + 1:
                rows[-1].append(position)
            else:
                rows.append([position])
        for row in rows:
            n = len(row)
            runs = min(n // 2, (n + jokers) // 3)
            if not runs:
                continue
            with_joker = max(0, 3 * runs - n)
            jokers -= with_joker
            cuts = [2] * with_joker + [3] * (runs - with_joker)
            cuts[-1] += n - sum(cuts)  # the rest on the last run
            first = 0
            for size in cuts:
                cards = tuple(_code(p, s) for p in row[first : first + size])
                melds.append((*cards, JOKER) if size == 2 else cards)
                left[s].difference_update(row[first : first + size])
                first += size
    for position in range(2, _HIGH + 1):
        holders = [s for s in range(4) if position in left[s]]
        if len(holders) >= 2 and jokers:
            melds.append((*(_code(position, s) for s in holders[:2]), JOKER))
            jokers -= 1
    return melds


def _join_runs(
    melds: list[tuple[str, ...]], trump: Suit | None, factor: int
) -> list[tuple[str, ...]]:
    """One meld fewer, joining the two runs of a suit whose joined run adds the most (two runs
    of three in trumps: 2 x factor units), or [] when no two runs make one."""
    runs: dict[str, list[int]] = {}  # suit letter -> the runs of that suit
    for i, meld in enumerate(melds):
        natural = [code for code in meld if code != JOKER]
        if len({code[:-1] for code in natural}) > 1:  # a run, not a set
            runs.setdefault(natural[0][-1], []).append(i)
    best, pair = 0, None
    for members in runs.values():
        for i, j in itertools.combinations(members, 2):
            first, second = melds[i], melds[j]
            if JOKER in first and JOKER in second:
                continue
            try:
                joined = validate_meld(first + second, trump, trump_run_factor=factor)
            except ValueError:
                continue
            gain = joined - validate_meld(first, trump, trump_run_factor=factor)
            gain -= validate_meld(second, trump, trump_run_factor=factor)
            if pair is None or gain > best:
                best, pair = gain, (i, j)
    if pair is None:
        return []
    i, j = pair
    return [meld for k, meld in enumerate(melds) if k not in pair] + [melds[i] + melds[j]]


def _split_costs(melds: list[tuple[str, ...]], mult: tuple[int, ...]) -> list[int]:
    """The extra loss of laying ``melds`` as one, two, ... more melds by splitting runs of six
    cards or more into three and the rest, the cheapest first (two units times the trump
    factor each)."""
    runs = []
    for meld in melds:
        natural = [parse_card(code) for code in meld if code != JOKER]
        if len({card.rank for card in natural}) > 1:
            runs.append((mult[_SUIT_INDEX[natural[0].suit]], len(meld)))
    costs: list[int] = []
    total = 0
    while True:
        splittable = [(m, n) for m, n in runs if n >= 6]
        if not splittable:
            return costs
        m, n = min(splittable)
        runs.remove((m, n))
        runs += [(m, 3), (m, n - 3)]
        total += 2 * m
        costs.append(total)


def _units(meld: tuple[str, ...], mult: tuple[int, ...]) -> int:
    """What one laid meld adds, in units: its cards less two, times the trump factor for a
    run of the trump suit."""
    natural = [parse_card(code) for code in meld if code != JOKER]
    if len({card.rank for card in natural}) == 1:
        return len(meld) - 2
    return mult[_SUIT_INDEX[natural[0].suit]] * (len(meld) - 2)
