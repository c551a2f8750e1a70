/// @file ratings.hpp
/// @brief Elo ratings fitted to two-player results: one number a player, on the scale where a
/// difference of 400 points means odds of 10 to 1, with its 95 percent interval.
///
/// The fit is the Bradley-Terry model's maximum-likelihood estimate: player i beats player j
/// with probability 1 / (1 + 10^((elo_j - elo_i) / 400)), a draw counts half a win to each, and
/// the ratings are those under which the results seen are likeliest. Every pair is also given
/// one virtual drawn match, a weak prior that keeps a player who won or lost every match at a
/// finite rating (the plain estimate would be infinite) and moves ratings from thousands of
/// matches a pair by a fraction of a point. The fit also tests itself: one number a player is an
/// assumption (a placer that foils density shooters is worth nothing against others), and
/// Pearson's chi-square over the pairs says when the results break it.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include <battleship/detail/text.hpp>
#include <battleship/statistics.hpp>

namespace battleship {

/// The results between two players, `a` and `b` (indices among the players rated).
struct PairRecord {
  std::size_t a = 0;        ///< One player.
  std::size_t b = 0;        ///< The other; not `a`.
  std::uint64_t wins_a = 0; ///< Matches `a` won.
  std::uint64_t wins_b = 0; ///< Matches `b` won.
  std::uint64_t draws = 0;  ///< Drawn matches (aborted ones are left out).

  /// The matches counted: won, lost or drawn.
  [[nodiscard]] std::uint64_t matches() const noexcept { return wins_a + wins_b + draws; }
  /// `a`'s points: its wins, and half a point a draw.
  [[nodiscard]] double points_a() const noexcept {
    return static_cast<double>(wins_a) + static_cast<double>(draws) / 2;
  }
};

/// A rating difference with its 95 percent interval.
struct EloDifference {
  double elo = 0;    ///< The difference, in Elo points.
  double margin = 0; ///< Half-width of its 95 percent interval.
};

namespace detail {
// How many standard deviations `points` of `matches` are from `matches * share`.
[[nodiscard]] inline double pearson_residual(double points, double matches, double share) {
  if (matches == 0) return 0;
  return (points - matches * share) / std::sqrt(matches * share * (1 - share));
}
} // namespace detail

/// Elo ratings of `players` players (`fit_elo`), indexed as the `PairRecord`s index them.
struct EloRatings {
  /// Each player's rating: its difference from the mean of all ratings, or from the anchor's
  /// rating when one was chosen (the anchor's is then 0).
  std::vector<double> elo;
  /// Half-width of the 95 percent interval of each rating, as a difference from the same
  /// reference (the anchor's own margin is 0).
  std::vector<double> margin;
  /// Covariance of the ratings measured from their mean, row-major, players x players, in
  /// squared Elo points: what `difference` reads.
  std::vector<double> covariance;
  /// The player the ratings are measured from, if one was chosen.
  std::optional<std::size_t> anchor;
  /// How far the results are from what one rating a player predicts: Pearson's statistic, the
  /// sum over the pairs that played of their `residual` squared (the virtual draws left out).
  double chi_square = 0;
  /// The statistic's degrees of freedom: the pairs that played, less the ratings free to fit
  /// them (the players, less one for each group of players joined by results).
  std::size_t degrees_of_freedom = 0;

  /// How many players are rated.
  [[nodiscard]] std::size_t players() const noexcept { return elo.size(); }

  /// Player `i`'s rating minus player `j`'s, with its 95 percent interval.
  [[nodiscard]] EloDifference difference(std::size_t i, std::size_t j) const {
    check(i);
    check(j);
    const std::size_t n = players();
    const double variance =
        covariance[i * n + i] + covariance[j * n + j] - 2 * covariance[i * n + j];
    return {elo[i] - elo[j], z95 * std::sqrt((std::max)(0.0, variance))};
  }

  /// The share of the points player `i` is expected to take against player `j` under the
  /// ratings: 1 / (1 + 10^((elo_j - elo_i) / 400)).
  [[nodiscard]] double expected_share(std::size_t i, std::size_t j) const {
    check(i);
    check(j);
    return 1 / (1 + std::pow(10.0, (elo[j] - elo[i]) / 400));
  }

  /// The chi-square test's p-value: the chance of a `chi_square` at least this large if each
  /// player's strength were one number, as the model assumes. A small value (below 0.05, say)
  /// says the ratings misdescribe some pairs; their `residual`s say which. Draws spread a pair's
  /// points less than wins and losses do, so with draws the test errs towards a good fit. 1 when
  /// nothing is tested (two players, or pairs that form no cycle).
  [[nodiscard]] double fit_p_value() const noexcept {
    return chi_square_survival(chi_square, degrees_of_freedom);
  }

  /// How many standard deviations `record.a`'s points against `record.b` (a draw half a point)
  /// are from the points the ratings expect: (points - matches p) / sqrt(matches p (1 - p)),
  /// p = `expected_share(a, b)`. Positive when `a` did better than its rating says; 0 for a
  /// record of no matches. Throws `std::out_of_range` for a player who is not rated.
  [[nodiscard]] double residual(const PairRecord& record) const {
    return detail::pearson_residual(record.points_a(), static_cast<double>(record.matches()),
                                    expected_share(record.a, record.b));
  }

  /// The normal distribution's 97.5th percentile: a 95 percent interval is this many standard
  /// errors either side.
  static constexpr double z95 = 1.959963984540054;

private:
  void check(std::size_t i) const {
    if (i >= players())
      throw std::out_of_range(
          detail::concat("player ", i, " is not rated; there are ", players(), " players"));
  }
};

/// The record of `records` the ratings describe worst: the one whose `residual` is largest in
/// size (the first of equals). Throws `std::invalid_argument` for no records.
[[nodiscard]] inline const PairRecord& worst_described(const EloRatings& ratings,
                                                       std::span<const PairRecord> records) {
  if (records.empty()) throw std::invalid_argument("no records to find the worst described in");
  const PairRecord* worst = &records.front();
  double largest = std::abs(ratings.residual(*worst));
  for (const PairRecord& record : records.subspan(1))
    if (const double size = std::abs(ratings.residual(record)); size > largest) {
      worst = &record;
      largest = size;
    }
  return *worst;
}

namespace detail {

// The log-likelihood of strengths `theta` (natural-log scale) for `points` (n x n, [i][j] the
// points i took from j): the sum over ordered pairs of points_ij log p_ij.
[[nodiscard]] inline double elo_log_likelihood(const std::vector<double>& theta,
                                               const std::vector<double>& points) {
  const std::size_t n = theta.size();
  double total = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      // log p_ij = -log(1 + e^(theta_j - theta_i)), computed without overflow
      const double x = theta[j] - theta[i];
      const double softplus = x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
      total -= points[i * n + j] * softplus;
    }
  return total;
}

// Whether `stop` (may be null) is set.
inline bool fit_stopped(const std::atomic<bool>* stop) noexcept {
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

// What `fit_elo` throws once its `stop` flag is set.
[[noreturn]] inline void throw_fit_stopped() {
  throw std::runtime_error("fit_elo was stopped before its ratings were found");
}

// The Cholesky factor L of a symmetric positive definite `matrix` (n x n, row-major), in its
// lower triangle (matrix = L L^T), made once for every right-hand side `solve_factored` solves.
// False, the factor unfinished, if `stop` was set (read once a column: n^2 steps apart).
inline bool factor_positive_definite(std::vector<double>& matrix, std::size_t n,
                                     const std::atomic<bool>* stop) {
  for (std::size_t j = 0; j < n; ++j) {
    if (fit_stopped(stop)) return false;
    double d = matrix[j * n + j];
    for (std::size_t k = 0; k < j; ++k) d -= matrix[j * n + k] * matrix[j * n + k];
    d = std::sqrt(d);
    matrix[j * n + j] = d;
    for (std::size_t i = j + 1; i < n; ++i) {
      double v = matrix[i * n + j];
      for (std::size_t k = 0; k < j; ++k) v -= matrix[i * n + k] * matrix[j * n + k];
      matrix[i * n + j] = v / d;
    }
  }
  return true;
}

// Solves L L^T x = `rhs` in place, `factor` holding L (`factor_positive_definite`).
inline void solve_factored(const std::vector<double>& factor, std::vector<double>& rhs) {
  const std::size_t n = rhs.size();
  for (std::size_t i = 0; i < n; ++i) { // L y = rhs
    for (std::size_t k = 0; k < i; ++k) rhs[i] -= factor[i * n + k] * rhs[k];
    rhs[i] /= factor[i * n + i];
  }
  for (std::size_t i = n; i-- > 0;) { // L^T x = y
    for (std::size_t k = i + 1; k < n; ++k) rhs[i] -= factor[k * n + i] * rhs[k];
    rhs[i] /= factor[i * n + i];
  }
}

} // namespace detail

/// The most players `fit_elo` rates: far past any tournament, and its three matrices of players
/// squared already take 400 MB at this count (a fit, minutes: time grows as players cubed); past
/// it the sizes would wrap.
inline constexpr std::size_t max_elo_players = 4096;

/// Fits Elo ratings to the results between `players` players (see the file's description: the
/// Bradley-Terry maximum-likelihood estimate with one virtual draw a pair). Several records of
/// one pair add up. Players who never met are compared through the players they did meet; two
/// groups with no records between them are held together by the virtual draws alone, and their
/// wide margins say so. With `anchor`, ratings are measured from that player's; without, from
/// their mean. The intervals come from the likelihood's curvature at the estimate (the
/// normal approximation), so they are sound for hundreds of matches a pair, not for a handful;
/// so is the test of the fit (`chi_square`, `fit_p_value`). Made for tens of players: memory grows
/// as players squared and time as players cubed.
///
/// Throws `std::invalid_argument` for fewer than two players or more than `max_elo_players`, a
/// record naming a player out of range or the same player twice, or an anchor out of range.
/// `stop`, when given, is read as the fit goes (every few million steps): once it is true the fit
/// gives up, throwing `std::runtime_error` (a caller cancelling a fit of thousands of players,
/// which takes minutes, need not wait for it).
[[nodiscard]] inline EloRatings fit_elo(std::size_t players, std::span<const PairRecord> records,
                                        std::optional<std::size_t> anchor = std::nullopt,
                                        const std::atomic<bool>* stop = nullptr) {
  if (players < 2)
    throw std::invalid_argument(detail::concat("ratings need at least two players, got ", players));
  if (players > max_elo_players) // players squared would wrap or fill the memory
    throw std::invalid_argument(
        detail::concat("ratings take at most ", max_elo_players, " players, got ", players));
  if (anchor && *anchor >= players)
    throw std::invalid_argument(
        detail::concat("anchor ", *anchor, " is not one of the ", players, " players"));
  const std::size_t n = players;
  // points[i][j]: what i took from j, games[i][j]: their matches; each pair starts with the
  // virtual draw.
  std::vector<double> points(n * n, 0.5), games(n * n, 1.0);
  for (std::size_t i = 0; i < n; ++i) points[i * n + i] = games[i * n + i] = 0;
  for (const PairRecord& r : records) {
    if (r.a >= n || r.b >= n || r.a == r.b)
      throw std::invalid_argument(detail::concat("a record between players ", r.a, " and ", r.b,
                                                 ": two different players from 0 to ", n - 1,
                                                 " are needed"));
    const double draws = static_cast<double>(r.draws);
    const double played = static_cast<double>(r.wins_a) + static_cast<double>(r.wins_b) + draws;
    points[r.a * n + r.b] += static_cast<double>(r.wins_a) + draws / 2;
    points[r.b * n + r.a] += static_cast<double>(r.wins_b) + draws / 2;
    games[r.a * n + r.b] += played;
    games[r.b * n + r.a] += played;
  }

  // Newton's method on the strengths theta (ratings on the natural-log scale), kept at mean 0:
  // the likelihood only sees differences, so its curvature matrix is singular along the all-ones
  // direction, and adding 1/n there (+ J/n) makes it invertible without moving the solution.
  std::vector<double> theta(n, 0.0), gradient(n), curvature(n * n);
  // The likelihood's gradient and curvature (+ J/n) at theta, from each pair's win probability.
  const auto linearise = [&] {
    for (std::size_t i = 0; i < n; ++i) {
      double diagonal = 0;
      gradient[i] = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        const double p = 1 / (1 + std::exp(theta[j] - theta[i]));
        const double w = games[i * n + j] * p * (1 - p);
        gradient[i] += points[i * n + j] - games[i * n + j] * p;
        curvature[i * n + j] = -w + 1.0 / static_cast<double>(n);
        diagonal += w;
      }
      curvature[i * n + i] = diagonal + 1.0 / static_cast<double>(n);
    }
  };
  const auto factor = [&] { // the curvature's Cholesky factor, in place
    if (!detail::factor_positive_definite(curvature, n, stop)) detail::throw_fit_stopped();
  };
  double likelihood = detail::elo_log_likelihood(theta, points);
  for (int iteration = 0; iteration < 200; ++iteration) {
    linearise();
    factor();
    std::vector<double> step = gradient; // solved in place into the Newton step
    detail::solve_factored(curvature, step);
    // Halve the step until it does not lower the likelihood. Newton's full step on this concave
    // likelihood was never seen to overshoot (20,000 random fits of 2 to 5 players with lopsided
    // and empty pairs gave the same ratings without the halving); the halving makes every step
    // an improvement by construction, not by that observation.
    double scale = 1;
    std::vector<double> next(n);
    double next_likelihood = likelihood;
    for (; scale > 1e-12; scale /= 2) {
      for (std::size_t i = 0; i < n; ++i) next[i] = theta[i] + scale * step[i];
      next_likelihood = detail::elo_log_likelihood(next, points);
      if (next_likelihood >= likelihood) break;
    }
    if (scale <= 1e-12) break; // no step improves: at the maximum to rounding
    double largest = 0;
    for (std::size_t i = 0; i < n; ++i) largest = (std::max)(largest, std::abs(next[i] - theta[i]));
    theta = next;
    likelihood = next_likelihood;
    if (largest < 1e-9) break; // 2e-7 Elo points; rounding alone moves theta by ~1e-12
  }

  // The covariance of theta about its mean: the inverse of the curvature on the directions that
  // sum to 0, that is (curvature + J/n)^-1 - J/n.
  // Factored once for all its columns (once a column made a fit of 900 players take minutes).
  linearise();
  factor();
  constexpr double elo_per_unit = 400 / 2.302585092994046; // 400 / ln 10
  EloRatings out;
  out.anchor = anchor;
  out.covariance.assign(n * n, 0.0);
  for (std::size_t column = 0; column < n; ++column) {
    if (detail::fit_stopped(stop)) detail::throw_fit_stopped();
    std::vector<double> unit(n, 0.0);
    unit[column] = 1;
    detail::solve_factored(curvature, unit);
    for (std::size_t row = 0; row < n; ++row)
      out.covariance[row * n + column] =
          (unit[row] - 1.0 / static_cast<double>(n)) * elo_per_unit * elo_per_unit;
  }
  const double reference = anchor ? theta[*anchor] : 0.0; // theta's mean stays 0: steps sum to 0
  for (std::size_t i = 0; i < n; ++i) out.elo.push_back((theta[i] - reference) * elo_per_unit);
  for (std::size_t i = 0; i < n; ++i)
    out.margin.push_back(anchor ? out.difference(i, *anchor).margin
                                : EloRatings::z95 * std::sqrt(out.covariance[i * n + i]));

  // The test of the fit, on the pairs that played (their virtual draw taken away again). The
  // ratings free to fit them are one a player less one a group of players joined by results:
  // each group's ratings are pinned down only up to a shift.
  std::vector<std::size_t> group(n);
  for (std::size_t i = 0; i < n; ++i) group[i] = i;
  const auto root = [&](std::size_t i) {
    while (group[i] != i) i = group[i] = group[group[i]];
    return i;
  };
  std::size_t pairs = 0, groups = n;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const double matches = games[i * n + j] - 1;
      if (matches == 0) continue;
      ++pairs;
      const double r =
          detail::pearson_residual(points[i * n + j] - 0.5, matches, out.expected_share(i, j));
      out.chi_square += r * r;
      if (root(i) != root(j)) {
        group[root(i)] = root(j);
        --groups;
      }
    }
  out.degrees_of_freedom = pairs - (n - groups);
  return out;
}

} // namespace battleship
