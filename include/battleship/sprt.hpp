/// @file sprt.hpp
/// @brief Sequential tests of two players' Elo difference: play matches in batches until the
/// results decide between two hypotheses, at error rates chosen beforehand.
///
/// Wald's sequential probability ratio test on the matches as wins and losses (a draw counts
/// half of each). H0: player A is rated `elo0` above B; H1: `elo1` above, with `elo1 > elo0`.
/// After each pair of matches (one with each player moving first) the log-likelihood ratio of H1
/// to H0 is compared with log(beta / (1 - alpha)) and log((1 - beta) / alpha): at or below the
/// first, H0 is accepted; at or above the second, H1. Wald's bounds keep the chance of accepting
/// H1 when A is at most `elo0` stronger at about `alpha` or less, and the chance of accepting H0
/// when A is at least `elo1` stronger at about `beta` or less (a little less: the ratio steps over
/// the bounds). Between `elo0` and `elo1` either answer may come, and the test is longest there.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/detail/text.hpp>
#include <battleship/simulate.hpp>

namespace battleship {

/// What a sequential test has decided so far.
enum class SprtDecision {
  undecided, ///< The ratio is between the bounds: more matches are needed.
  accept_h0, ///< A is at most `elo0` stronger than B (at error rate `beta`).
  accept_h1, ///< A is at least `elo1` stronger than B (at error rate `alpha`).
};

/// `"undecided"`, `"accept_h0"` or `"accept_h1"`.
[[nodiscard]] constexpr std::string_view to_string(SprtDecision d) noexcept {
  switch (d) {
  case SprtDecision::accept_h0: return "accept_h0";
  case SprtDecision::accept_h1: return "accept_h1";
  case SprtDecision::undecided: break;
  }
  return "undecided";
}

/// The hypotheses and error rates of a sequential test of A's Elo rating minus B's.
struct SprtTest {
  double elo0 = 0;     ///< H0: A is rated this much above B (negative: below).
  double elo1 = 10;    ///< H1: A is rated this much above B; more than `elo0`.
  double alpha = 0.05; ///< The chance allowed of accepting H1 when H0 holds.
  double beta = 0.05;  ///< The chance allowed of accepting H0 when H1 holds.

  /// The largest difference a hypothesis may name: odds of 10^10 to 1.
  static constexpr double max_elo = 4000;

  /// Why the test cannot be run (a sentence), or nothing: both differences finite, at most
  /// `max_elo` in size and `elo0 < elo1`; both error rates above 0 with `alpha + beta < 1`.
  [[nodiscard]] std::optional<std::string> problem() const {
    using detail::concat;
    for (const double elo : {elo0, elo1})
      if (!(std::abs(elo) <= max_elo))
        return concat("an Elo difference of the test must be from -", max_elo, " to ", max_elo,
                      ", got ", elo);
    if (!(elo0 < elo1)) return concat("elo1 (", elo1, ") must be more than elo0 (", elo0, ")");
    if (!(alpha > 0 && beta > 0 && alpha + beta < 1))
      return concat("the error rates must be above 0 and add up to less than 1, got alpha ", alpha,
                    " and beta ", beta);
    return std::nullopt;
  }

  /// Throws `std::invalid_argument` with `problem()`'s sentence if there is one.
  void validate() const {
    if (const auto p = problem()) throw std::invalid_argument(*p);
  }

  /// At or below this log-likelihood ratio, H0 is accepted: log(beta / (1 - alpha)).
  [[nodiscard]] double lower_bound() const { return std::log(beta / (1 - alpha)); }
  /// At or above this log-likelihood ratio, H1 is accepted: log((1 - beta) / alpha).
  [[nodiscard]] double upper_bound() const { return std::log((1 - beta) / alpha); }

  /// The log of the likelihood of A's results under H1 over that under H0: A's points (a draw
  /// half) times log(p1 / p0) plus B's times log((1 - p1) / (1 - p0)), where p0 and p1 are the
  /// shares A is expected to take at `elo0` and `elo1`. 0 before any match.
  [[nodiscard]] double log_likelihood_ratio(std::uint64_t wins_a, std::uint64_t wins_b,
                                            std::uint64_t draws) const {
    validate();
    const double p0 = expected_share(elo0), p1 = expected_share(elo1);
    const double half = static_cast<double>(draws) / 2;
    return (static_cast<double>(wins_a) + half) * std::log(p1 / p0) +
           (static_cast<double>(wins_b) + half) * std::log((1 - p1) / (1 - p0));
  }

  /// What results of `wins_a`, `wins_b` and `draws` decide.
  [[nodiscard]] SprtDecision decide(std::uint64_t wins_a, std::uint64_t wins_b,
                                    std::uint64_t draws) const {
    return decide(log_likelihood_ratio(wins_a, wins_b, draws));
  }
  /// What a log-likelihood ratio of `llr` decides (for a ratio already computed).
  [[nodiscard]] SprtDecision decide(double llr) const {
    if (llr >= upper_bound()) return SprtDecision::accept_h1;
    if (llr <= lower_bound()) return SprtDecision::accept_h0;
    return SprtDecision::undecided;
  }

  /// The share of the points a player rated `elo` above its opponent is expected to take.
  [[nodiscard]] static double expected_share(double elo) {
    return 1 / (1 + std::pow(10.0, -elo / 400));
  }
};

/// What a sequential match gave: the matches played and what they decided.
struct SprtResult {
  /// The matches counted, up to the deciding pair, as one run's tallies (`simulate_match` of
  /// `match.games` matches gives the same); the time is that of every match played.
  MatchResult match;
  double llr = 0; ///< The log-likelihood ratio of H1 to H0 after the matches counted.
  SprtDecision decision = SprtDecision::undecided; ///< Undecided if the cap or a cancel came first.
  std::uint64_t batches = 0;                       ///< Batches played.
  /// Matches played: those counted and the last batch's matches past the deciding pair.
  std::uint64_t played = 0;

  /// Matches played (`played`, not only those counted) per second of the test's time:
  /// `match.games_per_second()` counts only the matches counted over the time of all of them,
  /// and understates the speed when a batch went past the deciding pair.
  [[nodiscard]] double games_per_second() const noexcept {
    return match.seconds > 0 ? static_cast<double>(played) / match.seconds : 0.0;
  }
};

/// Plays matches of pair A against pair B as `simulate_match` does (the same seed gives the same
/// matches), `batch` at a time, until `test` decides or `options.games` matches (the cap) have
/// been played, matches `options.first_game` onwards. After a batch, the test looks at its
/// matches in order, a pair of seatings at a time, and stops at the first pair whose results
/// decide: the decision, the matches counted and the ratio are those of a test that looked after
/// every pair, whatever the batch and the thread count. The batch only sets how many matches are
/// played at once (in parallel) before a look; those past the deciding pair are played but not
/// counted. A forfeit (an abort with a side to blame) counts as that side's loss, as in
/// `MatchResult::share_a`. Progress counts every match played, over all batches; a cancel stops the
/// run undecided (`match.cancelled`), with the matches finished. `options.on_match` sees every
/// match played.
///
/// Throws `std::invalid_argument` for a test with a `problem()`, a `batch` that is odd or 0 (A
/// moves first in even matches, so a batch is whole pairs of seatings), and whatever
/// `simulate_match` throws.
template <BoardShape S, ShotStrategy<S> ShooterA, PlacementStrategy<S> PlacerA,
          ShotStrategy<S> ShooterB, PlacementStrategy<S> PlacerB>
SprtResult sprt_match(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                      const ShooterA& shooter_a, const PlacerA& placer_a, const ShooterB& shooter_b,
                      const PlacerB& placer_b, const SprtTest& test, std::uint64_t batch,
                      const SimulationOptions& options = {}) {
  test.validate();
  if (batch == 0 || batch % 2 != 0)
    throw std::invalid_argument(detail::concat(
        "a batch must be a positive even number of matches (each player moves first in half), "
        "got ",
        batch));
  SprtResult out;
  MatchResult& counted = out.match;
  std::uint64_t& played = out.played;
  std::vector<detail::MatchTally> matches; // the batch's matches, in order
  while (played < options.games && out.decision == SprtDecision::undecided) {
    if (detail::stop_requested(options)) { // seen between batches: no batch more
      counted.cancelled = true;
      break;
    }
    SimulationOptions piece = options;
    piece.first_game = options.first_game + played;
    piece.games = (std::min)(batch, options.games - played);
    if (options.progress)
      piece.progress = [&, done = played](std::uint64_t n) { options.progress(done + n); };
    if (piece.games > matches.max_size()) // a 32-bit target's size_t: no batch it cannot hold
      throw std::length_error("sprt_match: a batch of " + std::to_string(piece.games) +
                              " matches is more than this machine can tally at once");
    matches.assign(static_cast<std::size_t>(piece.games), detail::MatchTally{});
    piece.on_match = [&, first = piece.first_game](std::uint64_t i, const MatchResult& one) {
      // a slot each: no two threads share one
      matches[static_cast<std::size_t>(i - first)] = detail::MatchTally::of(one);
      if (options.on_match) options.on_match(i, one);
    };
    const MatchResult r =
        simulate_match(board, fleet, rules, shooter_a, placer_a, shooter_b, placer_b, piece);
    played += r.games;
    ++out.batches;
    if (r.cancelled) { // the matches finished need not be the first ones: count them all
      counted.merge(r);
      out.llr =
          test.log_likelihood_ratio(counted.credited_a(), counted.credited_b(), counted.draws);
      break;
    }
    std::size_t k = 0;
    while (k < matches.size() && out.decision == SprtDecision::undecided) {
      matches[k++].count_in(counted);
      if (k % 2 == 1 && k < matches.size()) continue; // look after whole pairs of seatings
      out.llr =
          test.log_likelihood_ratio(counted.credited_a(), counted.credited_b(), counted.draws);
      out.decision = test.decide(out.llr);
    }
    if (r.first_abort_game < piece.first_game + k &&
        r.first_abort_game < counted.first_abort_game) {
      counted.first_abort_game = r.first_abort_game; // the batch's first abort, if counted
      counted.first_abort = r.first_abort;
      counted.first_abort_by = r.first_abort_by;
    }
    counted.seconds += r.seconds;
  }
  return out;
}

} // namespace battleship
