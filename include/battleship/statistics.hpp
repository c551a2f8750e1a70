/// @file statistics.hpp
/// @brief Shots-to-finish histograms and their summary figures, two shooters' difference game
/// by game, shares with their intervals, and the chi-square test's p-value.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/coord.hpp>
#include <battleship/detail/text.hpp>

namespace battleship {

/// How many games needed each number of shots, with the usual summary figures.
///
/// Merging two histograms adds their counts, so results gathered by several threads in any
/// order are identical.
class ShotHistogram {
public:
  /// Counts `games` games (one unless given) that took `shots` shots each; throws
  /// `std::invalid_argument` for negative `shots` or more than `max_board_cells` (no game
  /// fires more valid shots than its board has cells; the counts would take gigabytes), counting
  /// nothing.
  void add(int shots, std::uint64_t games = 1) {
    if (shots < 0)
      throw std::invalid_argument(detail::concat("a game takes 0 shots or more, got ", shots));
    const auto i = static_cast<std::size_t>(shots);
    if (i >= counts_.size()) { // rare (a longer game than any so far): the limit is read only here
      if (i > max_board_cells)
        throw std::invalid_argument(detail::concat("a game of ", shots,
                                                   " shots: no board has more than ",
                                                   max_board_cells, " cells to fire at"));
      counts_.resize(i + 1, 0);
    }
    counts_[i] += games;
  }
  /// Adds every game of `other`.
  void merge(const ShotHistogram& other) {
    if (other.counts_.size() > counts_.size()) counts_.resize(other.counts_.size(), 0);
    for (std::size_t i = 0; i < other.counts_.size(); ++i) counts_[i] += other.counts_[i];
  }
  /// Games that took exactly `shots` shots.
  [[nodiscard]] std::uint64_t count(int shots) const noexcept {
    const auto i = static_cast<std::size_t>(shots);
    return shots >= 0 && i < counts_.size() ? counts_[i] : 0;
  }
  /// The counts, indexed by number of shots.
  [[nodiscard]] const std::vector<std::uint64_t>& counts() const noexcept { return counts_; }
  /// Number of games counted.
  [[nodiscard]] std::uint64_t games() const noexcept {
    std::uint64_t n = 0;
    for (auto c : counts_) n += c;
    return n;
  }
  /// Fewest shots of any game (0 if empty).
  [[nodiscard]] int(min)() const noexcept {
    for (std::size_t i = 0; i < counts_.size(); ++i)
      if (counts_[i]) return static_cast<int>(i);
    return 0;
  }
  /// Most shots of any game (0 if empty).
  [[nodiscard]] int(max)() const noexcept {
    for (std::size_t i = counts_.size(); i-- > 0;)
      if (counts_[i]) return static_cast<int>(i);
    return 0;
  }
  /// Mean shots (0 if empty).
  [[nodiscard]] double mean() const noexcept {
    const auto n = games();
    return n ? static_cast<double>(total()) / static_cast<double>(n) : 0.0;
  }
  /// Sample standard deviation of the shots (0 with fewer than two games).
  [[nodiscard]] double stddev() const noexcept {
    const auto n = games();
    if (n < 2) return 0.0;
    const double m = mean();
    double ss = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      const double d = static_cast<double>(i) - m;
      ss += d * d * static_cast<double>(counts_[i]);
    }
    return std::sqrt(ss / static_cast<double>(n - 1));
  }
  /// Half-width of the 95 percent confidence interval of the mean (normal approximation).
  [[nodiscard]] double ci95() const noexcept {
    const auto n = games();
    return n ? 1.96 * stddev() / std::sqrt(static_cast<double>(n)) : 0.0;
  }
  /// The nearest-rank percentile `p` in (0, 100]: the smallest shot count such that at least `p`
  /// percent of the games took that many shots or fewer, that is the shots of game number
  /// ceil(p n / 100) in order of shots (0 if empty). A `p` outside is taken as the nearest end (a
  /// NaN as 0, the fewest shots).
  [[nodiscard]] int percentile(double p) const noexcept {
    const auto n = games();
    if (n == 0) return 0;
    const double q = p > 100.0 ? 100.0 : p > 0.0 ? p : 0.0; // a NaN fails both tests
    std::uint64_t rank = 0;
    if (q == std::floor(q)) {
      // A whole percentage, in integers: ceil(q n / 100) with n = 100 a + b is q a + ceil(q b /
      // 100), exact for any count (in doubles, past 2^53 games the 100th percentile fell short
      // of the maximum).
      const auto whole = static_cast<std::uint64_t>(q);
      rank = whole * (n / 100) + (whole * (n % 100) + 99) / 100;
    } else {
      // A fractional one is not exact in binary (64.4 is 64.400000000000006): a rank whole in
      // decimal must not go up by one for its last bit (64.4% of 250 games is rank 161, not 162).
      const double x = q * static_cast<double>(n) / 100.0;
      const double nearest = std::round(x);
      // Within a few units in the last place: rounding error, not a fraction of a game.
      const double slack = 8 * std::numeric_limits<double>::epsilon() * x;
      rank = static_cast<std::uint64_t>(std::abs(x - nearest) <= slack ? nearest : std::ceil(x));
    }
    if (rank < 1) rank = 1;
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      seen += counts_[i];
      if (seen >= rank) return static_cast<int>(i);
    }
    return (max)();
  }
  /// The median (nearest-rank 50th percentile: the lower middle value for an even count).
  [[nodiscard]] int median() const noexcept { return percentile(50); }
  /// The nearest-rank 95th percentile.
  [[nodiscard]] int p95() const noexcept { return percentile(95); }
  /// Total shots over all games.
  [[nodiscard]] std::uint64_t total() const noexcept {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i) sum += i * counts_[i];
    return sum;
  }
  /// Forgets every game (keeps the memory, so refilling allocates nothing).
  void clear() noexcept {
    for (auto& c : counts_) c = 0;
  }

  /// Histograms are equal when their counts are.
  friend bool operator==(const ShotHistogram& a, const ShotHistogram& b) noexcept {
    const std::size_t n = a.counts_.size() > b.counts_.size() ? a.counts_.size() : b.counts_.size();
    for (std::size_t i = 0; i < n; ++i)
      if (a.count(static_cast<int>(i)) != b.count(static_cast<int>(i))) return false;
    return true;
  }

private:
  std::vector<std::uint64_t> counts_;
};

/// Every summary figure of a batch of games at once, for printing and for bindings.
///
/// Its counts are the histogram's: `games` is the finished games, which Python's
/// `SimulationResult` calls `finished` (its `games` is every game played, as
/// `SimulationResult::games` is here), and `unfinished` includes the games never placed, which
/// Python counts apart as `unplaceable`.
struct ShotSummary {
  std::uint64_t games = 0;      ///< Games counted in the histogram (finished games).
  std::uint64_t unfinished = 0; ///< Games that ended without finishing (not in the histogram).
  int min = 0;                  ///< Fewest shots.
  int max = 0;                  ///< Most shots.
  double mean = 0;              ///< Mean shots.
  int median = 0;               ///< Nearest-rank median.
  int p95 = 0;                  ///< Nearest-rank 95th percentile.
  double stddev = 0;            ///< Sample standard deviation.
  double ci95 = 0;              ///< Half-width of the 95 percent confidence interval of the mean.
  double seconds = 0;           ///< Wall-clock time of the run.
  double games_per_second = 0;  ///< Games (finished or not) per second of wall-clock time.
};

/// The summary of `histogram`, with the `unfinished` games and the run's `seconds`.
[[nodiscard]] inline ShotSummary summarize(const ShotHistogram& histogram,
                                           std::uint64_t unfinished = 0, double seconds = 0) {
  ShotSummary s;
  s.games = histogram.games();
  s.unfinished = unfinished;
  s.min = (histogram.min)();
  s.max = (histogram.max)();
  s.mean = histogram.mean();
  s.median = histogram.median();
  s.p95 = histogram.p95();
  s.stddev = histogram.stddev();
  s.ci95 = histogram.ci95();
  s.seconds = seconds;
  s.games_per_second = seconds > 0 ? static_cast<double>(s.games + unfinished) / seconds : 0.0;
  return s;
}

/// How many more shots one shooter took than another on the same games (`paired_difference`).
struct PairedDifference {
  std::uint64_t games = 0; ///< Games both finished: the differences counted.
  double mean = 0;         ///< Mean of the first shooter's shots minus the second's.
  double stddev = 0;       ///< Sample standard deviation of the differences (0 with one game).
  double ci95 = 0; ///< Half-width of the 95 percent interval of `mean`: 1.96 stddev / sqrt(games).
};

/// The difference between two shooters game by game: `a[k]` and `b[k]` are the shots each took
/// in the same game (the same seed and game index, so the same layout; `keep_game_shots` keeps a
/// run's), negative for a game it did not finish, which is left out. What made a layout hard for
/// both cancels, so the interval is narrower than two separate means give, by as much as the two
/// shooters' shots go together (Python's `battleship.paired_difference`). Throws
/// `std::invalid_argument` if the two hold different numbers of games.
[[nodiscard]] inline PairedDifference paired_difference(std::span<const int> a,
                                                        std::span<const int> b) {
  if (a.size() != b.size())
    throw std::invalid_argument("paired_difference: the runs cover different numbers of games (" +
                                std::to_string(a.size()) + " and " + std::to_string(b.size()) +
                                ")");
  // Welford's running mean and sum of squared deviations: no cancellation over many games.
  PairedDifference d;
  double squares = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k] < 0 || b[k] < 0) continue;
    const double x = static_cast<double>(a[k]) - b[k];
    ++d.games;
    const double step = x - d.mean;
    d.mean += step / static_cast<double>(d.games);
    squares += step * (x - d.mean);
  }
  if (d.games > 1) {
    const auto n = static_cast<double>(d.games);
    d.stddev = std::sqrt(squares / (n - 1));
    d.ci95 = 1.96 * d.stddev / std::sqrt(n);
  }
  return d;
}

/// A share with its 95 percent interval (Wilson score interval), e.g. the first mover's wins.
struct Proportion {
  double share = 0; ///< successes / trials (0 when there are no trials).
  double low = 0;   ///< Lower end of the 95 percent interval.
  double high = 0;  ///< Upper end of the 95 percent interval.
};

/// The share `successes / trials` with its Wilson 95 percent interval, which stays inside
/// [0, 1] and behaves at 0 and 100 percent, unlike the plain normal approximation.
[[nodiscard]] inline Proportion proportion(std::uint64_t successes, std::uint64_t trials) noexcept {
  if (trials == 0) return {};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  constexpr double z = 1.959963984540054;
  const double denom = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
  return Proportion{p, (std::max)(0.0, centre - half), (std::min)(1.0, centre + half)};
}

/// The chance that a chi-square variable with `degrees_of_freedom` degrees of freedom is at least
/// `statistic`: a chi-square test's p-value. 1 for a statistic of 0 or less, or for no degrees of
/// freedom (nothing is tested); 0 for an infinite statistic; NaN for NaN. Relative error about
/// 1e-13.
[[nodiscard]] inline double chi_square_survival(double statistic,
                                                std::size_t degrees_of_freedom) noexcept {
  if (std::isnan(statistic)) return statistic;
  if (degrees_of_freedom == 0 || statistic <= 0) return 1.0;
  if (std::isinf(statistic)) return 0.0;
  // The regularized upper incomplete gamma function Q(a, x), a = df / 2, x = statistic / 2.
  const double a = static_cast<double>(degrees_of_freedom) / 2, x = statistic / 2;
  const double scale = std::exp(a * std::log(x) - x - std::lgamma(a)); // x^a e^-x / Gamma(a)
  if (x < a + 1) {
    // Below a + 1 the series of the lower function converges fast:
    // P(a, x) = scale * sum over k of x^k / (a (a + 1) ... (a + k)).
    double term = 1 / a, sum = term;
    for (int k = 1; k < 10'000 && term > sum * 1e-17; ++k) {
      term *= x / (a + k);
      sum += term;
    }
    return std::clamp(1 - scale * sum, 0.0, 1.0);
  }
  // Above it, Legendre's continued fraction of Q(a, x), 1 / (b0 - c1 / (b1 - c2 / (b2 - ...)))
  // with b_k = x + 2k + 1 - a and c_k = k (k - a), evaluated front to back (Lentz's method).
  constexpr double tiny = 1e-300;
  double b = x + 1 - a, front = 1 / tiny, back = 1 / b, fraction = back;
  for (int k = 1; k < 10'000; ++k) {
    const double c = -k * (k - a);
    b += 2;
    back = c * back + b;
    if (std::abs(back) < tiny) back = tiny;
    front = b + c / front;
    if (std::abs(front) < tiny) front = tiny;
    back = 1 / back;
    const double factor = back * front;
    fraction *= factor;
    if (std::abs(factor - 1) < 1e-16) break;
  }
  return std::clamp(scale * fraction, 0.0, 1.0);
}

} // namespace battleship
