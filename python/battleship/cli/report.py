"""What the commands print about their results: the solo table, a head-to-head's report and a
tournament's, and the words for a run's games and setup in their headers."""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from typing import Any, Iterable, Optional, Sequence, Tuple, Union

import battleship
from battleship import Fleet, Rules


def _many(count: int, noun: str) -> str:
    """``1 game``, ``2 games``, ``10,000 games``."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def rules_words(rules: Rules) -> str:
    """``rules`` as a header says them: ``classic rules`` for a predefined set, else what differs
    from the classic rules (``rules: touching no_contact, volley until_miss``), not the repr."""
    for name in Rules.names():
        if Rules.named(name) == rules:
            return f"{name} rules"
    classic, mine = Rules().to_dict(), rules.to_dict()
    changed = [f"{key.replace('_', ' ')} {value}" for key, value in mine.items() if classic.get(key) != value]
    return f"rules: {', '.join(changed)}"


def _describe(args: argparse.Namespace, rules: Rules) -> str:
    """The run's board, fleet, rules (as ``check_run`` built them) and seed, for a header; with
    ``--first-game``, the games of the run this piece plays."""
    piece = _piece(getattr(args, "first_game", 0), args.games)
    return f"{args.rows} x {args.cols}, fleet {args.fleet}, {rules_words(rules)}, seed {args.seed}{piece}"


def _piece(first_game: int, games: int) -> str:
    """``, games 1,000 to 1,999`` for a piece of ``games`` from ``first_game``; ``""`` for a run
    from game 0."""
    return f", games {first_game:,} to {first_game + games - 1:,}" if first_game else ""


def _name_width(names: Sequence[str]) -> int:
    """The width of a table's name column: 20, or more for a long name (a module:attribute spec)
    with room for a slow shooter's " *"."""
    return max(20, *(len(name) + 3 for name in names))


PHASES_LEGEND = (
    "misses a game: hunting (no ship being chased; last: of those, hunting the last ship) and\n"
    "targeting (a ship already hit); the mean is the fleet's ship cells plus these"
)
"""What the ``--phases`` columns of a solo table count."""


def played_nothing(results: Iterable[Union[battleship.SimulationResult, battleship.MatchResult]]) -> bool:
    """Whether a run of ``results`` measured nothing: games to play, but every one lost to its
    placer (a solo run's "not played") or aborted (a match's)."""
    return all(
        r.games and (r.unplaceable if isinstance(r, battleship.SimulationResult) else r.aborted) == r.games
        for r in results
    )


def invalid_shot_limit(r: battleship.SimulationResult) -> Optional[int]:
    """How many invalid shots in a row stopped each of solo run ``r``'s unfinished games, where
    nothing else can have: under no shot cap (a solo game ends unfinished at the cap or at that
    limit). None where the cap may have, or the result does not say its rules."""
    if r.setup is None or r.setup.rules.shot_cap:
        return None
    return r.setup.rules.max_invalid_in_a_row


def finished_nothing(r: battleship.SimulationResult) -> bool:
    """Whether solo run ``r`` played games and finished none, every one stopped by its shooter's
    invalid shots (``invalid_shot_limit``): a broken shooter, as one whose every match is
    aborted is."""
    return bool(r.unfinished and r.finished == 0 and invalid_shot_limit(r) is not None)


def abort_reason(r: battleship.MatchResult) -> str:
    """Why ``r``'s first aborted match was aborted, each "player N" named as the shooter who was
    that player in that match ("bad:OffBoard (player 1) made too many invalid shots in a row"):
    A moves first in even matches and B in odd ones, so the seat alone does not say who."""
    if r.first_abort_game is None:
        return r.first_abort
    a, b = (r.a, r.b) if r.a != r.b else (f"{r.a} (A)", f"{r.b} (B)")
    seats = (a, b) if r.first_abort_game % 2 == 0 else (b, a)
    return re.sub(r"\bplayer ([01])\b", lambda m: f"{seats[int(m.group(1))]} (player {m.group(1)})", r.first_abort)


def nothing_played(what: str) -> int:
    """Says on stderr that a run measured nothing (``what``: why; ``played_nothing`` tells) and
    returns exit code 1, for a run that went through without an error but played no game to
    measure, which its report only shows as "not played" or "aborted"."""
    print(f"battleship: error: {what}", file=sys.stderr)
    return 1


def stopped_note(played: int, total: int, json: Optional[str], figures: str = "the figures above") -> str:
    """The line after the report of a run Ctrl-C stopped: how far it got, which ``figures`` are
    over those games, and that ``--json`` wrote nothing (a partial file would have replaced a
    whole one, and its games need not be the first ones, so it would not combine)."""
    where = "" if json is None else f"; nothing was written to {'stdout' if json == '-' else json}"
    return f"interrupted (Ctrl-C) after {played:,} of {_many(total, 'game')}: {figures} are over those{where}"


def _shows(text: str, stream: Any = None) -> bool:
    """Whether ``stream``'s encoding (standard output's unless given) can write ``text``
    (``PYTHONIOENCODING=ascii`` cannot write ``±``, which the command line then writes as
    ``+/-``)."""
    try:
        text.encode(getattr(sys.stdout if stream is None else stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _print_solo_header(width: int, phases: bool = False) -> None:
    """The header of a table of solo runs (``compare``, ``simulate``, ``combine``); with
    ``phases``, the columns of the misses by phase too."""
    interval = "±95%" if _shows("±") else "+/-95%"  # chosen here, not by the stream, so it fits its 7 columns
    header = f"{'shooter':<{width}}{'mean':>8}{interval:>7}{'median':>8}{'p95':>6}{'max':>6}{'games/s':>13}"
    if phases:
        header += f"{'hunting':>9}{'last':>7}{'target':>8}"
    print(header)
    print("-" * len(header))


def _solo_row(r: battleship.SimulationResult, label: str, width: int, budget_hint: str = "") -> str:
    """A solo run's row: its figures (``n/a`` when no game finished, and for the interval when one
    did), games per second, and the
    games it did not finish or could not lay out (``budget_hint`` says what to try for those)."""
    limit = invalid_shot_limit(r)
    unfinished = "" if not r.unfinished else (
        f"  ({r.unfinished:,} unfinished)" if limit is None
        else f"  ({r.unfinished:,} unfinished: stopped by {limit} invalid shots in a row)"
    )
    if r.unplaceable:
        unfinished += f"  ({r.unplaceable:,} not played: the placer found no layout{budget_hint})"
    if r.finished:
        spread = f"{r.ci95:>7.2f}" if r.finished > 1 else f"{'n/a':>7}"  # one game: no interval, not ± 0
        figures = f"{r.mean:>8.2f}{spread}{r.median:>8}{r.p95:>6}{r.max:>6}"
    else:  # no game to take figures from
        figures = f"{'n/a':>8}{'':>7}{'':>8}{'':>6}{'':>6}"
    p = r.phases
    misses = "" if p is None else (
        f"{p.hunting_per_game():>9.2f}{p.hunting_per_game(1):>7.2f}{p.targeting_per_game():>8.2f}"
        + (f"  ({p.unknown_per_game():.2f} of unknown phase)" if p.unknown else "")
    )
    speed = r.games_per_second  # a slow shooter on a large board plays under one game a second: not "0"
    return f"{label:<{width}}{figures}{(f'{speed:,.0f}' if speed >= 10 else f'{speed:.2g}'):>13}{misses}{unfinished}"


def _print_match(r: battleship.MatchResult, description: str, played: int) -> None:
    """A head-to-head's tallies, win share, Elo difference and speed (``played`` matches in its
    time: a sequential test's time includes matches past its decision), and each side's misses by
    phase when counted."""
    a, b = (r.a, r.b) if r.a != r.b else (f"{r.a} (A)", f"{r.b} (B)")  # a shooter against itself
    # Game i's first mover is A for even i: with an odd count, or a piece starting at an odd
    # game, "half" would not be exact.
    print(f"{a} vs {b}: {_many(r.games, 'game')}, {description} (they take turns to move first)")
    low, high = r.interval_a
    width = max(20, len(a), len(b))
    # Forfeits count in the share once a game was played: with none, they only say whose placer
    # was asked first, not who plays better.
    played_any = r.wins_a + r.wins_b + r.draws > 0
    share = (f"({100 * r.share_a:.1f}%, 95% interval {100 * low:.1f}% to {100 * high:.1f}%)"
             if played_any and r.credited_a + r.credited_b else "(no game won or lost: no share to give)")
    print(f"  {a:<{width}} wins {r.wins_a:>8,}  {share}")
    print(f"  {b:<{width}} wins {r.wins_b:>8,}")
    if played_any:
        difference = battleship.elo_fit([replace(r, a=a, b=b)]).difference(a, b)
        print(f"  Elo difference ({a} - {b}): {difference.elo:+.0f} ± {difference.margin:.0f}")
    else:  # the fit's prior alone would give +0 with a margin of hundreds of points
        print(f"  Elo difference ({a} - {b}): none to give, no game was decided")
    forfeits = [f"{name} forfeited {n:,}" for name, n in ((a, r.forfeits_a), (b, r.forfeits_b)) if n]
    lost = f" ({', '.join(forfeits)})" if forfeits else ""
    print(f"  draws {r.draws:,}, aborted {r.aborted:,}{lost}, first mover won {r.first_mover_wins:,}")
    rate = played / r.seconds if r.seconds > 0 else 0.0
    winners = f"{r.mean_winner_shots:.2f}" if r.wins_a + r.wins_b else "n/a"  # 0.00 looked measured
    print(f"  mean rounds {r.mean_rounds:.2f}, winner's mean shots {winners}, {rate:,.0f} games/s")
    if r.aborted:
        print(f"  first aborted game: {abort_reason(r)}")
    if r.phases_a is not None and r.phases_b is not None:
        _print_match_phases([(a, r.phases_a), (b, r.phases_b)], width)


def _print_match_phases(sides: Sequence[Tuple[str, battleship.MissPhases]], width: int) -> None:
    """Each player's misses a match by phase, a row a player, its name in ``width`` columns."""
    print(f"  misses a match{'':<{width - 12}}{'hunting':>9}{'last':>7}{'target':>8}"
          "   (hunting the last ship; targeting a ship hit)")
    for name, p in sides:
        unknown = f"  ({p.unknown_per_game():.2f} of unknown phase)" if p.unknown else ""
        print(f"  {name:<{width + 2}}{p.hunting_per_game():>9.2f}{p.hunting_per_game(1):>7.2f}"
              f"{p.targeting_per_game():>8.2f}{unknown}")


def _setup_text(setup: Optional[battleship.RunSetup], first_game: int, games: int, placers: bool = True) -> str:
    """A combined run's board, fleet (by name when it is a named one), rules, seed, placers
    (unless ``placers`` is False: a tournament's players name their own) and, unless they start
    at 0, its games, for a header."""
    if setup is None:
        return "setup not recorded"
    named = [name for name in Fleet.names() if Fleet.named(name) == setup.fleet]
    fleet = f"fleet {named[0]}" if named else f"ships {', '.join(map(str, setup.fleet.lengths))}"
    laid = f"placer {setup.placers[0]}" if len(set(setup.placers)) == 1 else f"placers {' and '.join(setup.placers)}"
    text = f"{setup.rows} x {setup.cols}, {fleet}, {rules_words(setup.rules)}, seed {setup.seed}{_piece(first_game, games)}"
    return f"{text}, {laid}" if placers else text


def _print_tournament(t: battleship.TournamentResult, setup: str, anchor: Optional[str] = None) -> None:
    """A tournament's report: the run (``setup`` describes it), the standings with every pair's
    shares, the Elo ratings (from ``anchor``'s, or their mean) and their fit, each player's misses
    by phase when counted, and the time."""
    pairs = len(t.matches)
    print(f"round robin of {len(t.names)}: {_many(t.games, 'game')} a pair, {setup}")
    print("score: points per match won, lost or drawn (a win 1, a draw 1/2); "
          "a column: the row's share of the wins against it")
    reference = "their mean" if anchor is None else f"{anchor}'s"
    print(f"elo: Elo rating fitted to every pair's results, measured from {reference}, ± its 95% margin\n")
    print(t.table(anchor))
    aborted = [m for m in t.matches.values() if m.aborted]
    if aborted:  # forfeits count as losses, other aborts are left out: say how many of each, and why
        total = sum(m.aborted for m in aborted)
        print(f"\n{total:,} {'match' if total == 1 else 'matches'} aborted; a forfeit counts as a loss of the "
              "player to blame, an abort that blamed nobody is left out of the scores and ratings:")
        for m in aborted:
            blamed = [f"{name} forfeited {n:,}" for name, n in ((m.a, m.forfeits_a), (m.b, m.forfeits_b)) if n]
            nobody = m.aborted - m.forfeits_a - m.forfeits_b
            parts = blamed + ([f"{nobody:,} blamed nobody"] if nobody else [])
            print(f"  {m.a} - {m.b}: {m.aborted:,}: {', '.join(parts)} (the first: {abort_reason(m)})")
    print("\n" + t.elo_fit(anchor).summary())
    counted = [(s.name, p) for s in t.standings if (p := t.phases(s.name)) is not None]
    if counted and len(counted) == len(t.standings):  # tournament(..., phases=True)
        print()
        _print_match_phases(counted, max(20, *(len(name) for name in t.names)))
    played = sum(m.games for m in t.matches.values())  # a cancelled run's last pair played part of its games
    print(f"\n{_many(pairs, 'pair')}, {_many(played, 'game')} in {t.seconds:.1f} s")
