#include "catch_shim.hpp"

#include <battleship/statistics.hpp>

#include <climits>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace test_statistics {

using namespace battleship;

TEST_CASE("paired_difference takes the games both finished, one by one", "[statistics][paired]") {
  // Games 1 and 3 are left out (one shooter did not finish them): differences 2, -1 and 5.
  const std::vector<int> a{40, -1, 50, 45, 60}, b{38, 41, 51, -1, 55};
  const PairedDifference d = paired_difference(a, b);
  CHECK(d.games == 3);
  CHECK(d.mean == Approx(2.0));
  // Deviations from 2: 0, -3 and 3; squares sum to 18, over 2 degrees of freedom.
  CHECK(d.stddev == Approx(3.0));
  CHECK(d.ci95 == Approx(1.96 * 3.0 / std::sqrt(3.0)));
  // One game: no spread; none: all zero.
  const std::vector<int> one_a{44}, one_b{40}, none{};
  const PairedDifference single = paired_difference(one_a, one_b);
  CHECK((single.games == 1 && single.mean == 4.0 && single.stddev == 0.0 && single.ci95 == 0.0));
  CHECK(paired_difference(none, none).games == 0);
  // Far from zero, over many games, the running sums lose nothing: a constant difference has none.
  const std::vector<int> big_a(100'000, 1'000'000'007), big_b(100'000, 7);
  const PairedDifference flat = paired_difference(big_a, big_b);
  CHECK((flat.mean == 1e9 && flat.stddev == 0.0));
  CHECK_THROWS_WITH(paired_difference(a, none),
                    "paired_difference: the runs cover different numbers of games (5 and 0)");
}

TEST_CASE("a histogram summarises hand-countable data", "[statistics]") {
  ShotHistogram h;
  for (int s : {10, 20, 20, 30, 40}) h.add(s);
  CHECK(h.games() == 5);
  CHECK(h.total() == 120);
  CHECK(h.min() == 10);
  CHECK(h.max() == 40);
  CHECK(h.mean() == Approx(24.0));
  // Nearest rank: the median of 5 values is the 3rd; 80% of 5 is rank 4; 81% rounds up to 5.
  CHECK(h.median() == 20);
  CHECK(h.percentile(80) == 30);
  CHECK(h.percentile(81) == 40);
  CHECK(h.p95() == 40);
  // Deviations from 24: -14, -4, -4, 6, 16; squares sum to 196 + 16 + 16 + 36 + 256 = 520.
  CHECK(h.stddev() == Approx(std::sqrt(520.0 / 4)));
  CHECK(h.ci95() == Approx(1.96 * std::sqrt(520.0 / 4) / std::sqrt(5.0)));
}

namespace {
/// n games, game k taking k shots: a percentile is then its own rank.
ShotHistogram ranked(int n) {
  ShotHistogram h;
  for (int k = 1; k <= n; ++k) h.add(k);
  return h;
}
} // namespace

TEST_CASE("every whole percentile is the exact nearest rank", "[statistics]") {
  // Game k of n takes k shots, so the percentile is its rank: ceil(p * n / 100), in integers.
  for (int n = 1; n <= 200; ++n) {
    const ShotHistogram h = ranked(n);
    for (int p = 1; p <= 100; ++p) {
      CAPTURE(n, p);
      CHECK(h.percentile(p) == (p * n + 99) / 100);
    }
  }
}

TEST_CASE("a percentile given to one decimal is the nearest rank of that decimal", "[statistics]") {
  // 64.4 is 64.400000000000006 in binary: 64.4% of 250 games, rank 161 exactly, became 162.
  // The rank in integers: ceil(p10 * n / 1000), p10 the percentage in tenths.
  for (int n = 1; n <= 400; ++n) {
    const ShotHistogram h = ranked(n);
    for (int p10 = 1; p10 <= 1000; ++p10) {
      CAPTURE(n, p10);
      CHECK(h.percentile(p10 / 10.0) == (p10 * n + 999) / 1000);
    }
  }
  // A real fraction of a game is not rounding error, however many games: 64.4% of
  // 1,000,000,001 is 644,000,000.644, so rank 644,000,001 is the first game of 2 shots.
  ShotHistogram many;
  many.add(1, 644'000'000);
  many.add(2, 356'000'001);
  CHECK(many.percentile(64.4) == 2);
}

TEST_CASE("the 100th percentile is the maximum past 2^53 games", "[statistics]") {
  // In doubles, ceil(100 n / 100) for n = 2^54 + 1 came out 2^54: one game short of the last.
  ShotHistogram h;
  h.add(50, std::uint64_t{1} << 54);
  h.add(60);
  CHECK(h.percentile(100) == 60);
  CHECK(h.max() == 60);
  CHECK(h.median() == 50);
}

TEST_CASE("adding several games of one length at once counts each of them", "[statistics]") {
  ShotHistogram one_by_one, at_once;
  for (int i = 0; i < 3; ++i) one_by_one.add(40);
  one_by_one.add(17);
  at_once.add(40, 3);
  at_once.add(17);
  at_once.add(99, 0); // no game: the counts grow, the figures do not change
  CHECK(at_once.games() == 4);
  CHECK(at_once.count(40) == 3);
  CHECK(at_once.max() == 40);
  CHECK(at_once.mean() == one_by_one.mean());
  CHECK(at_once.median() == one_by_one.median());
}

TEST_CASE("the median of an even count is the lower middle value", "[statistics]") {
  ShotHistogram h;
  for (int s : {1, 2, 3, 4}) h.add(s);
  CHECK(h.median() == 2);
  // 95% of 4 games is rank 3.8, rounded up to 4.
  CHECK(h.p95() == 4);
  ShotHistogram twenty;
  for (int s = 1; s <= 20; ++s) twenty.add(s);
  // 95% of 20 games is exactly rank 19.
  CHECK(twenty.p95() == 19);
  CHECK(twenty.median() == 10);
}

TEST_CASE("a percentile outside 0 to 100 is the nearest end, and negative shots are refused",
          "[statistics]") {
  ShotHistogram h;
  for (int s : {40, 50, 60}) h.add(s);
  for (double p : {0.0, -50.0, -1e300, std::nan("")}) CHECK(h.percentile(p) == 40);
  for (double p : {100.0, 150.0, 1e300}) CHECK(h.percentile(p) == 60);
  CHECK_THROWS_AS(h.add(-7), std::invalid_argument);
  // Past any board's cells: the counts up to it would take gigabytes (INT_MAX: 16 GiB).
  CHECK_THROWS_AS(h.add(INT_MAX), std::invalid_argument);
  CHECK_THROWS_AS(h.add(static_cast<int>(max_board_cells) + 1), std::invalid_argument);
  CHECK(h.games() == 3);
  CHECK(h.max() == 60);
  CHECK(h.min() == 40);
}

TEST_CASE("merging histograms adds their counts in any order", "[statistics]") {
  ShotHistogram a, b, c;
  for (int s : {3, 5, 5}) a.add(s);
  for (int s : {5, 90}) b.add(s);
  c.add(7);
  ShotHistogram ab = a;
  ab.merge(b);
  ab.merge(c);
  ShotHistogram ba = c;
  ba.merge(b);
  ba.merge(a);
  CHECK(ab == ba);
  CHECK(ab.count(5) == 3);
  CHECK(ab.count(90) == 1);
  CHECK(ab.count(4) == 0);
  CHECK(ab.count(-1) == 0);
  CHECK(ab.count(1000) == 0);
  CHECK(ab.games() == 6);
  CHECK_FALSE(ab == a);
  // A histogram one count longer: its last count must not be lost (or written past the end).
  ShotHistogram d;
  d.add(8);
  c.merge(d);
  CHECK(c.count(8) == 1);
  CHECK(c.max() == 8);
  CHECK(c.games() == 2);
}

TEST_CASE("an empty histogram gives zeros, and clearing empties one", "[statistics]") {
  ShotHistogram h;
  CHECK(h.games() == 0);
  CHECK(h.mean() == 0.0);
  CHECK(h.median() == 0);
  CHECK(h.min() == 0);
  CHECK(h.max() == 0);
  CHECK(h.stddev() == 0.0);
  CHECK(h.ci95() == 0.0);
  h.add(42);
  CHECK(h.stddev() == 0.0); // one game has no spread
  h.clear();
  CHECK(h.games() == 0);
  CHECK(h == ShotHistogram{});
}

TEST_CASE("a summary gathers every figure with time and speed", "[statistics]") {
  ShotHistogram h;
  for (int s : {10, 20, 20, 30, 40}) h.add(s);
  const ShotSummary s = summarize(h, 3, 2.0);
  CHECK(s.games == 5);
  CHECK(s.unfinished == 3);
  CHECK(s.min == 10);
  CHECK(s.max == 40);
  CHECK(s.mean == Approx(24.0));
  CHECK(s.median == 20);
  CHECK(s.p95 == 40);
  CHECK(s.stddev == Approx(h.stddev()));
  CHECK(s.ci95 == Approx(h.ci95()));
  CHECK(s.seconds == 2.0);
  CHECK(s.games_per_second == Approx(4.0)); // 8 games, finished or not, in 2 s
}

TEST_CASE("a proportion's interval is the Wilson score interval", "[statistics]") {
  // 50 of 100: centre 0.5; half-width z*sqrt(0.25/100 + z^2/40000)/(1 + z^2/100).
  const double z = 1.959963984540054;
  const Proportion half = proportion(50, 100);
  const double w = z * std::sqrt(0.25 / 100 + z * z / 40000) / (1 + z * z / 100);
  CHECK(half.share == Approx(0.5));
  CHECK(half.low == Approx(0.5 - w));
  CHECK(half.high == Approx(0.5 + w));
  // All successes: the interval stays inside [0, 1] and below 1 at its lower end.
  const Proportion all = proportion(10, 10);
  CHECK(all.share == 1.0);
  CHECK(all.high == Approx(1.0));
  CHECK(all.low < 1.0);
  CHECK(all.low > 0.6);
  const Proportion none = proportion(0, 0);
  CHECK(none.share == 0.0);
  CHECK(none.low == 0.0);
  CHECK(none.high == 0.0);
}

namespace {
// The chi-square survival function by its closed forms: for even df = 2k, e^-x times the sum of
// x^i / i! below k; for odd df = 2k + 1, erfc(sqrt x) plus e^-x times the sum of
// x^(i + 1/2) / Gamma(i + 3/2) below k (x = statistic / 2). Summed in logs so that df = 200
// neither overflows nor underflows.
double survival_by_closed_form(double statistic, int degrees_of_freedom) {
  const double x = statistic / 2;
  const int k = degrees_of_freedom / 2;
  const bool odd = degrees_of_freedom % 2 == 1;
  double total = odd ? std::erfc(std::sqrt(x)) : 0.0;
  for (int i = 0; i < k; ++i) {
    const double power = odd ? i + 0.5 : i;
    total += std::exp(power * std::log(x) - x - std::lgamma(power + 1));
  }
  return total;
}
} // namespace

TEST_CASE("the chi-square test's p-value matches its closed forms", "[statistics]") {
  // Statistics either side of df + 2, where the series gives way to the continued fraction.
  for (const int df : {1, 2, 3, 4, 7, 10, 31, 200})
    for (const double statistic :
         {0.01, 0.5, 1.0, 3.0, 3.841458820694124, 10.0, 40.0, 150.0, 199.0, 260.0, 600.0}) {
      INFO("df " << df << ", statistic " << statistic);
      const double expected = survival_by_closed_form(statistic, df);
      CHECK(chi_square_survival(statistic, static_cast<std::size_t>(df)) ==
            Approx(expected).epsilon(1e-11).margin(1e-300));
    }
  // The 95th percentile of one degree of freedom (1.96 squared) leaves 5 percent above it.
  CHECK(chi_square_survival(3.841458820694124, 1) == exactly(0.05, 1e-12));
  // Nothing tested, nothing left, everything left.
  CHECK(chi_square_survival(12.0, 0) == 1.0);
  CHECK(chi_square_survival(0.0, 3) == 1.0);
  CHECK(chi_square_survival(-1.0, 3) == 1.0);
  CHECK(chi_square_survival(HUGE_VAL, 3) == 0.0);
  CHECK(std::isnan(chi_square_survival(std::nan(""), 3)));
}

TEST_CASE("histograms differ when either has games the other lacks", "[statistics]") {
  ShotHistogram a, b;
  a.add(40);
  b.add(40);
  b.add(60);
  CHECK_FALSE(a == b);
  CHECK_FALSE(b == a);
  a.add(60);
  CHECK(a == b);
}

} // namespace test_statistics
