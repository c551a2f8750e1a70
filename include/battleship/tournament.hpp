/// @file tournament.hpp
/// @brief Round-robin tournaments: every pair of players meets in a batch of two-player matches,
/// and the players are ranked by their results.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/fleet.hpp>
#include <battleship/ratings.hpp>
#include <battleship/rules.hpp>
#include <battleship/simulate.hpp>
#include <battleship/statistics.hpp>
#include <battleship/strategy.hpp>

namespace battleship {

namespace detail {
// Where the pair (i, j), i < j, of `n` players stands in a round robin's order.
[[nodiscard]] constexpr std::size_t pair_index(std::size_t i, std::size_t j,
                                               std::size_t n) noexcept {
  return i * n - i * (i + 1) / 2 + (j - i - 1);
}
} // namespace detail

/// One player of a tournament: its name, how it shoots and how it lays out its fleet.
template <BoardShape S>
struct Entrant {
  std::string name;               ///< Name in the results; unique within a tournament.
  AnyShotStrategy<S> shooter;     ///< How it shoots.
  AnyPlacementStrategy<S> placer; ///< How it lays out its fleet.
};

/// A player's record over a tournament.
struct Standing {
  std::size_t entrant = 0;  ///< Index of the player among the entrants.
  std::string name;         ///< Its name.
  std::uint64_t wins = 0;   ///< Matches won, the opponent's forfeits among them.
  std::uint64_t losses = 0; ///< Matches lost, its own forfeits among them.
  std::uint64_t draws = 0;  ///< Matches drawn.
  /// Points per match won, lost or drawn (a win 1, a draw 1/2): 0 when none was.
  [[nodiscard]] double score() const noexcept {
    const std::uint64_t n = wins + losses + draws;
    return n ? (static_cast<double>(wins) + 0.5 * static_cast<double>(draws)) /
                   static_cast<double>(n)
             : 0.0;
  }
};

/// Every player's record over `records` (two-player results, their players indexed as `names`),
/// best first: by score, then by wins, then in the order entered. What a tournament's
/// `standings()` gives, and so what the records of its pieces, added up, rank as. Throws
/// `std::invalid_argument` for a record of a player against itself or of an index past `names`.
[[nodiscard]] inline std::vector<Standing> standings_of(const std::vector<std::string>& names,
                                                        const std::vector<PairRecord>& records) {
  std::vector<Standing> table(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    table[i].entrant = i;
    table[i].name = names[i];
  }
  for (const PairRecord& r : records) {
    if (r.a == r.b || r.a >= names.size() || r.b >= names.size())
      throw std::invalid_argument(detail::concat("a record of players (", r.a, ", ", r.b,
                                                 ") among ", names.size(), " players"));
    table[r.a].wins += r.wins_a;
    table[r.a].losses += r.wins_b;
    table[r.b].wins += r.wins_b;
    table[r.b].losses += r.wins_a;
    table[r.a].draws += r.draws;
    table[r.b].draws += r.draws;
  }
  std::stable_sort(table.begin(), table.end(), [](const Standing& a, const Standing& b) {
    if (a.score() != b.score()) return a.score() > b.score();
    return a.wins > b.wins;
  });
  return table;
}

/// What a round-robin tournament gave: the matches of every pair and the players' standings.
struct TournamentResult {
  std::vector<std::string> names; ///< The players, in the order they were entered.
  /// The batch of every pair (i, j), i < j, in the order (0, 1), (0, 2), ..., (1, 2), ...; the
  /// first player of a pair is its `MatchResult`'s A.
  std::vector<MatchResult> matches;
  bool cancelled = false; ///< Whether the run was stopped before every pair had played.
  double seconds = 0;     ///< Wall-clock time.

  /// The batch between players `i` and `j` (in either order; A is the lower index). Throws
  /// `std::out_of_range` for a pair that is not one, or that a cancelled run never reached.
  [[nodiscard]] const MatchResult& between(std::size_t i, std::size_t j) const {
    if (i == j || i >= names.size() || j >= names.size())
      throw std::out_of_range(
          detail::concat("no pair (", i, ", ", j, ") among ", names.size(), " players"));
    if (i > j) std::swap(i, j);
    const std::size_t k = detail::pair_index(i, j, names.size());
    if (k >= matches.size())
      throw std::out_of_range(detail::concat("the pair (", i, ", ", j,
                                             ") did not play: the run was cancelled after ",
                                             matches.size(), " of its pairs"));
    return matches[k];
  }
  /// Player `i`'s share of its decided matches against player `j` (a forfeit a loss of the player
  /// to blame), with its 95 percent interval.
  [[nodiscard]] Proportion share(std::size_t i, std::size_t j) const {
    const MatchResult& m = between(i, j);
    const std::uint64_t decided = m.credited_a() + m.credited_b();
    return proportion(i < j ? m.credited_a() : m.credited_b(), decided);
  }
  /// The tallies of every pair that played, in `matches` order (a cancelled run's stop early):
  /// what the standings add up and the ratings are fitted to. A forfeit counts as a loss of the
  /// player to blame, as a competition scores a crash or an illegal move; an abort that blamed
  /// nobody is left out.
  [[nodiscard]] std::vector<PairRecord> records() const {
    std::vector<PairRecord> out;
    std::size_t k = 0;
    for (std::size_t i = 0; i < names.size(); ++i)
      for (std::size_t j = i + 1; j < names.size() && k < matches.size(); ++j) {
        const MatchResult& m = matches[k++];
        out.push_back({i, j, m.credited_a(), m.credited_b(), m.draws});
      }
    return out;
  }
  /// Every player's record, best first: by score, then by wins, then in the order entered
  /// (`standings_of` the pairs' `records()`).
  [[nodiscard]] std::vector<Standing> standings() const;
  /// Elo ratings fitted to every pair's results (`fit_elo` of `records()`), indexed as `names`:
  /// measured from the mean rating, or from player `anchor`'s. Unlike the score, a rating weighs
  /// whom the points were taken from, so it also compares players whose pairs played different
  /// numbers of matches (a cancelled run's). Its `chi_square` tests whether one rating a player
  /// describes the results, and `residual(record)` says how far each pair is from them.
  [[nodiscard]] EloRatings ratings(std::optional<std::size_t> anchor = std::nullopt) const {
    return fit_elo(names.size(), records(), anchor);
  }
};

inline std::vector<Standing> TournamentResult::standings() const {
  return standings_of(names, records());
}

/// How `round_robin` hands a player's shooter to the matches of one pair: as entered. A hook of
/// your own in its place is called before each pair plays, once a side, as `side(player,
/// opponent, shooter)` (indices among the entrants), and what it returns plays that pair's
/// matches: a wrapper that counts the player's misses pair by pair (`CountingMisses`), say.
struct AsEntered {
  /// `shooter` itself.
  template <BoardShape S>
  [[nodiscard]] const AnyShotStrategy<S>&
  operator()(std::size_t /*player*/, std::size_t /*opponent*/,
             const AnyShotStrategy<S>& shooter) const noexcept {
    return shooter;
  }
};

/// Plays a round robin: every pair of `entrants` meets in `options.games` matches under
/// `rules`, each pair's batch exactly what `simulate_match` gives for those two players with the
/// same `options` (so a pair can be replayed alone, and tallies do not depend on the thread
/// count). With `options.first_game`, every pair plays that piece of its run: pieces of a
/// tournament, each pair's batches merged (`MatchResult::merge`), give the whole tournament.
/// `options.progress` counts the matches of the whole tournament; a cancelled run
/// returns the pairs played so far, the last one possibly in part, and no pair after it.
///
/// `side` hands each player's shooter to its pairs' matches (`AsEntered`, or a hook of your own
/// that wraps it and returns an `AnyShotStrategy<S>`).
///
/// Throws `std::invalid_argument` for fewer than two entrants, two with the same name,
/// inconsistent rules or a fleet that does not fit the board.
template <BoardShape S, class SideHook = AsEntered>
TournamentResult round_robin(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                             const std::vector<Entrant<S>>& entrants,
                             const SimulationOptions& options = {}, SideHook side = {}) {
  if (entrants.size() < 2)
    throw std::invalid_argument(
        detail::concat("a tournament needs at least two players, got ", entrants.size()));
  for (std::size_t i = 0; i < entrants.size(); ++i)
    for (std::size_t j = i + 1; j < entrants.size(); ++j)
      if (entrants[i].name == entrants[j].name)
        throw std::invalid_argument(
            detail::concat("two players are named '", entrants[i].name, "'; names must differ"));
  rules.validate();
  fleet.validate(board.shape());
  const auto start = std::chrono::steady_clock::now();
  TournamentResult result;
  for (const auto& e : entrants) result.names.push_back(e.name);
  std::uint64_t played = 0; // matches of the pairs already finished, for the progress count
  for (std::size_t i = 0; i < entrants.size() && !result.cancelled; ++i)
    for (std::size_t j = i + 1; j < entrants.size() && !result.cancelled; ++j) {
      // A short batch may end before its own watcher sees the request.
      if (detail::stop_requested(options)) {
        result.cancelled = true;
        break;
      }
      SimulationOptions pair = options;
      if (options.progress) pair.progress = [&](std::uint64_t n) { options.progress(played + n); };
      const AnyShotStrategy<S>& shooter_i = side(i, j, entrants[i].shooter);
      const AnyShotStrategy<S>& shooter_j = side(j, i, entrants[j].shooter);
      result.matches.push_back(simulate_match(board, fleet, rules, shooter_i, entrants[i].placer,
                                              shooter_j, entrants[j].placer, pair));
      played += result.matches.back().games;
      result.cancelled = result.matches.back().cancelled;
    }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

} // namespace battleship
