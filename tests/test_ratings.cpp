#include "catch_shim.hpp"

#include <atomic>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <battleship/ratings.hpp>
#include <battleship/registry.hpp>
#include <battleship/rng.hpp>
#include <battleship/tournament.hpp>

namespace test_ratings {

using namespace battleship;

namespace {
constexpr double elo_per_unit = 400 / 2.302585092994046; // 400 / ln 10
constexpr double z95 = 1.959963984540054;

/// The points player `i` took from the others, the virtual draw of every pair included.
double points_of(std::size_t i, std::size_t players, const std::vector<PairRecord>& records) {
  double points = 0.5 * static_cast<double>(players - 1);
  for (const PairRecord& r : records) {
    if (r.a == i) points += static_cast<double>(r.wins_a) + static_cast<double>(r.draws) / 2;
    if (r.b == i) points += static_cast<double>(r.wins_b) + static_cast<double>(r.draws) / 2;
  }
  return points;
}
} // namespace

TEST_CASE("two players: the rating difference is 400 log10 of their points' ratio", "[ratings]") {
  // 300 wins, 100 losses, 20 draws, and the virtual draw: 310.5 points against 110.5 of 421.
  const std::vector<PairRecord> records{{0, 1, 300, 100, 20}};
  const double a = 310.5, b = 110.5, n = 421, p = a / n;
  const double difference = 400 * std::log10(a / b);
  // The logistic model's information about the difference is n p (1 - p).
  const double spread = elo_per_unit / std::sqrt(n * p * (1 - p));

  const EloRatings mean = fit_elo(2, records);
  CHECK(mean.elo[0] == exactly(difference / 2, 1e-9));
  CHECK(mean.elo[1] == exactly(-difference / 2, 1e-9));
  CHECK(mean.margin[0] == exactly(z95 * spread / 2, 1e-9)); // half the difference each
  CHECK(mean.difference(0, 1).elo == exactly(difference, 1e-9));
  CHECK(mean.difference(0, 1).margin == exactly(z95 * spread, 1e-9));
  CHECK(mean.expected_share(0, 1) == exactly(p, 1e-12));
  CHECK_FALSE(mean.anchor.has_value());

  const EloRatings anchored = fit_elo(2, records, 1);
  CHECK(anchored.anchor == std::optional<std::size_t>(1));
  CHECK(anchored.elo[1] == 0);
  CHECK(anchored.margin[1] == 0);
  CHECK(anchored.elo[0] == exactly(difference, 1e-9));
  CHECK(anchored.margin[0] == exactly(z95 * spread, 1e-9));

  // Lopsided results, far from the even ratings the fit starts from.
  for (const std::uint64_t wins : {1'000u, 1'000'000u}) {
    const double ratio = (static_cast<double>(wins) + 0.5) / 0.5;
    const EloRatings r = fit_elo(2, std::vector<PairRecord>{{0, 1, wins, 0, 0}}, 1);
    CHECK(r.elo[0] == exactly(400 * std::log10(ratio), 1e-6));
  }
}

TEST_CASE("the ratings solve the likelihood equations, transitive results or not", "[ratings]") {
  // Four players whose results no ranking explains: 0 beats 1 beats 2 beats 0, 3 is beaten by
  // all but 0, and one pair never met.
  const std::vector<PairRecord> records{{0, 1, 70, 30, 0},
                                        {1, 2, 65, 35, 4},
                                        {2, 0, 80, 20, 0},
                                        {3, 1, 10, 90, 0},
                                        {2, 3, 90, 10, 6}};
  const EloRatings r = fit_elo(4, records);
  double sum = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    // At the maximum of the likelihood, each player's expected points equal its points.
    double expected = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      if (j == i) continue;
      double games = 1; // the virtual draw
      for (const PairRecord& rec : records)
        if ((rec.a == i && rec.b == j) || (rec.a == j && rec.b == i))
          games += static_cast<double>(rec.wins_a + rec.wins_b + rec.draws);
      expected += games * r.expected_share(i, j);
    }
    CHECK(expected == exactly(points_of(i, 4, records), 1e-8));
    sum += r.elo[i];
  }
  CHECK(sum == exactly(0, 1e-9)); // measured from the mean
  CHECK(r.expected_share(1, 3) == exactly(1 - r.expected_share(3, 1), 1e-15));
}

TEST_CASE("ratings recover the strengths that made the results", "[ratings]") {
  // Results drawn from known ratings at their expected counts, a million matches a pair, so the
  // virtual draw moves nothing visible.
  const std::vector<double> truth{0, 100, 250, 400};
  std::vector<PairRecord> records;
  const std::uint64_t games = 1'000'000;
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = i + 1; j < 4; ++j) {
      const double p = 1 / (1 + std::pow(10.0, (truth[j] - truth[i]) / 400));
      const auto wins = static_cast<std::uint64_t>(std::llround(p * static_cast<double>(games)));
      records.push_back({i, j, wins, games - wins, 0});
    }
  const EloRatings r = fit_elo(4, records, 0);
  for (std::size_t i = 0; i < 4; ++i) CHECK(r.elo[i] == exactly(truth[i], 0.05));
  // A million matches a pair pin a rating down to about a point.
  for (std::size_t i = 1; i < 4; ++i) {
    CHECK(r.margin[i] > 0.5);
    CHECK(r.margin[i] < 2.0);
  }
}

TEST_CASE("a player who won every match gets a finite rating, the highest", "[ratings]") {
  const std::vector<PairRecord> records{{0, 1, 40, 60, 0}, {2, 0, 100, 0, 0}, {2, 1, 100, 0, 0}};
  const EloRatings r = fit_elo(3, records);
  REQUIRE(std::isfinite(r.elo[2]));
  REQUIRE(std::isfinite(r.margin[2]));
  CHECK(r.elo[2] > r.elo[1]);
  CHECK(r.elo[1] > r.elo[0]);
  // 100.5 points to 0.5 against each, less what the other pair's results spread out.
  CHECK(r.difference(2, 0).elo > 400 * std::log10(100.5 / 0.5) - 100);
}

TEST_CASE("groups that never met are held together by the virtual draws alone", "[ratings]") {
  const EloRatings r =
      fit_elo(4, std::vector<PairRecord>{{0, 1, 300, 100, 0}, {2, 3, 300, 100, 0}});
  CHECK(r.difference(0, 2).elo == exactly(0, 1e-6)); // the groups are alike
  CHECK(r.difference(0, 1).margin < 50);             // 400 matches between them
  CHECK(r.difference(0, 2).margin > 3 * r.difference(0, 1).margin);
  // One pair between the groups joins them: the margins across shrink to its matches' worth.
  const EloRatings joined = fit_elo(
      4, std::vector<PairRecord>{{0, 1, 300, 100, 0}, {2, 3, 300, 100, 0}, {1, 2, 200, 200, 0}});
  CHECK(joined.difference(0, 2).margin < r.difference(0, 2).margin / 2);
}

TEST_CASE("records of one pair add up, in either order of the pair", "[ratings]") {
  const EloRatings split = fit_elo(
      3, std::vector<PairRecord>{{0, 1, 100, 50, 0}, {1, 0, 25, 50, 10}, {1, 2, 30, 30, 0}});
  const EloRatings whole =
      fit_elo(3, std::vector<PairRecord>{{0, 1, 150, 75, 10}, {1, 2, 30, 30, 0}});
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(split.elo[i] == exactly(whole.elo[i], 1e-9));
    CHECK(split.margin[i] == exactly(whole.margin[i], 1e-9));
  }
}

TEST_CASE("an anchor moves every rating by the same amount and keeps the differences",
          "[ratings]") {
  const std::vector<PairRecord> records{{0, 1, 70, 30, 0}, {1, 2, 65, 35, 0}, {0, 2, 80, 20, 0}};
  const EloRatings mean = fit_elo(3, records);
  const EloRatings anchored = fit_elo(3, records, 2);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(anchored.elo[i] == exactly(mean.elo[i] - mean.elo[2], 1e-9));
    CHECK(anchored.margin[i] == exactly(mean.difference(i, 2).margin, 1e-9));
    for (std::size_t j = 0; j < 3; ++j) {
      CHECK(anchored.difference(i, j).elo == exactly(mean.difference(i, j).elo, 1e-9));
      CHECK(anchored.difference(i, j).margin == exactly(mean.difference(i, j).margin, 1e-9));
    }
  }
  CHECK(anchored.margin[2] == 0);
  // The mean's margins are narrower than the anchor's: a mean of three is surer than one player.
  CHECK(mean.margin[0] < anchored.margin[0]);
}

TEST_CASE("fit_elo refuses records and anchors that name no two of its players", "[ratings]") {
  const std::vector<PairRecord> none;
  CHECK_THROWS_AS(fit_elo(1, none), std::invalid_argument);
  CHECK_THROWS_AS(fit_elo(0, none), std::invalid_argument);
  // Players squared would wrap (2^32 gave empty matrices, SIZE_MAX a loop of 2^64 turns).
  const std::vector<PairRecord> one{{0, 1, 5, 3, 0}};
  CHECK_THROWS_AS(fit_elo(max_elo_players + 1, one), std::invalid_argument);
  CHECK_THROWS_AS(fit_elo(std::size_t{1} << 32, one), std::invalid_argument);
  CHECK_THROWS_AS(fit_elo(SIZE_MAX, one), std::invalid_argument);
  CHECK_THROWS_AS(fit_elo(3, std::vector<PairRecord>{{1, 1, 5, 5, 0}}), std::invalid_argument);
  CHECK_THROWS_AS(fit_elo(3, std::vector<PairRecord>{{0, 3, 5, 5, 0}}), std::invalid_argument);
  CHECK_THROWS_AS(fit_elo(3, none, 3), std::invalid_argument);
  const EloRatings r = fit_elo(2, none); // no results: the virtual draw alone, all even
  CHECK(r.elo == std::vector<double>{0.0, 0.0});
  CHECK_THROWS_AS(r.difference(0, 2), std::out_of_range);
  CHECK_THROWS_AS(r.expected_share(2, 0), std::out_of_range);
}

TEST_CASE("a fit told to stop gives up with runtime_error, and a flag never set changes nothing",
          "[ratings]") {
  const std::vector<PairRecord> records{{0, 1, 7, 3, 0}, {1, 2, 4, 4, 2}, {0, 2, 9, 1, 0}};
  const std::atomic<bool> stop{true};
  CHECK_THROWS_WITH(fit_elo(3, records, std::nullopt, &stop),
                    "fit_elo was stopped before its ratings were found");
  const std::atomic<bool> never{false};
  const EloRatings with = fit_elo(3, records, 1, &never), without = fit_elo(3, records, 1);
  CHECK(with.elo == without.elo);
  CHECK(with.covariance == without.covariance);
}

TEST_CASE("a round robin's ratings rank its players as the score does", "[ratings][tournament]") {
  using S = ClassicShape;
  const auto entrant = [](const char* name) -> Entrant<S> {
    return {name, make_shooter<S>(name), make_placer<S>("uniform")};
  };
  SimulationOptions options;
  options.games = 200;
  options.seed = 3;
  const TournamentResult t =
      round_robin(Board<S>{}, fleets::classic, rulesets::classic,
                  {entrant("random"), entrant("hunt_target"), entrant("parity")}, options);
  const EloRatings r = t.ratings();
  REQUIRE(r.players() == 3);
  // Every pair played as often, so the likelihood ranks by points, as the standings do.
  const auto table = t.standings();
  for (std::size_t k = 0; k + 1 < table.size(); ++k)
    CHECK(r.elo[table[k].entrant] > r.elo[table[k + 1].entrant]);
  // The ratings are those of the pairs' records, which are the pairs' matches.
  std::vector<PairRecord> records;
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = i + 1; j < 3; ++j) {
      const MatchResult& m = t.between(i, j);
      records.push_back({i, j, m.wins_a, m.wins_b, m.draws});
    }
  const std::vector<PairRecord> listed = t.records();
  REQUIRE(listed.size() == 3);
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK(listed[k].a == records[k].a);
    CHECK(listed[k].b == records[k].b);
    CHECK(listed[k].wins_a == records[k].wins_a);
    CHECK(listed[k].wins_b == records[k].wins_b);
    CHECK(listed[k].draws == records[k].draws);
  }
  CHECK(fit_elo(3, records, 0).elo == t.ratings(0).elo);
}

TEST_CASE("the fit's chi-square sums the squared residuals of the pairs that played", "[ratings]") {
  // Records of one pair split in two and given in both orders; a pair never met.
  const std::vector<PairRecord> records{{0, 1, 50, 30, 0},
                                        {1, 0, 10, 20, 6},
                                        {1, 2, 65, 35, 4},
                                        {2, 0, 60, 40, 0},
                                        {3, 2, 20, 80, 0}};
  const EloRatings r = fit_elo(4, records);
  // A residual by its definition: a draw half a point, measured against the expected share.
  const PairRecord zero_one{0, 1, 70, 40, 6};
  const double points = 73, matches = 116, p = r.expected_share(0, 1);
  CHECK(r.residual(zero_one) == exactly((points - matches * p) / std::sqrt(matches * p * (1 - p))));
  CHECK(r.residual({1, 0, 40, 70, 6}) == exactly(-r.residual(zero_one)));
  CHECK(r.residual({2, 3, 0, 0, 0}) == 0);
  const double sum = std::pow(r.residual(zero_one), 2) + std::pow(r.residual(records[2]), 2) +
                     std::pow(r.residual(records[3]), 2) + std::pow(r.residual(records[4]), 2);
  CHECK(r.chi_square == exactly(sum, 1e-9));
  // The record described worst is the one whose residual is largest in size.
  const PairRecord& worst = worst_described(r, records);
  for (const PairRecord& record : records)
    CHECK(std::abs(r.residual(record)) <= std::abs(r.residual(worst)));
  CHECK_THROWS_AS(worst_described(r, std::vector<PairRecord>{}), std::invalid_argument);
  // Four pairs played; three ratings are free to fit them (four players joined by results).
  CHECK(r.degrees_of_freedom == 1);
  CHECK_THROWS_AS(r.residual({0, 4, 1, 1, 0}), std::out_of_range);
}

TEST_CASE("the fit's degrees of freedom count the pairs less the ratings free to fit them",
          "[ratings]") {
  const auto df = [](std::size_t players, std::vector<PairRecord> records) {
    return fit_elo(players, records).degrees_of_freedom;
  };
  CHECK(df(2, {{0, 1, 30, 10, 0}}) == 0);                                     // one difference
  CHECK(df(3, {{0, 1, 30, 10, 0}, {1, 2, 30, 10, 0}, {0, 2, 5, 5, 0}}) == 1); // a triangle
  CHECK(df(3, {{0, 1, 30, 10, 0}}) == 0);                                     // 2 met nobody
  CHECK(df(4, {{0, 1, 30, 10, 0}, {2, 3, 30, 10, 0}}) == 0);                  // two groups
  CHECK(df(4, {{0, 1, 3, 1, 0}, {1, 2, 3, 1, 0}, {2, 3, 3, 1, 0}, {3, 0, 3, 1, 0}}) == 1);
  CHECK(df(4, {{0, 1, 0, 0, 0}, {1, 2, 3, 1, 0}}) == 0); // a record of no matches is no pair
  std::vector<PairRecord> everyone; // a round robin of 6: 15 pairs, 5 free ratings
  for (std::size_t i = 0; i < 6; ++i)
    for (std::size_t j = i + 1; j < 6; ++j) everyone.push_back({i, j, 5, 5, 0});
  CHECK(df(6, everyone) == 10);
  // With nothing to test, the test finds no misfit.
  const EloRatings two = fit_elo(2, std::vector<PairRecord>{{0, 1, 30, 10, 0}});
  CHECK(two.chi_square > 0); // the virtual draw moves the rating off the share a little
  CHECK(two.chi_square < 0.01);
  CHECK(two.fit_p_value() == 1.0);
}

TEST_CASE("the fit's test passes results one rating a player explains and fails a cycle",
          "[ratings]") {
  // The expected counts of known ratings fit them; a cycle (each beats the next 3 to 1) does not.
  std::vector<PairRecord> fitting;
  const std::vector<double> truth{0, 100, 250, 400};
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = i + 1; j < 4; ++j) {
      const double p = 1 / (1 + std::pow(10.0, (truth[j] - truth[i]) / 400));
      const auto wins = static_cast<std::uint64_t>(std::llround(p * 10'000));
      fitting.push_back({i, j, wins, 10'000 - wins, 0});
    }
  const EloRatings fits = fit_elo(4, fitting);
  CHECK(fits.degrees_of_freedom == 3);
  CHECK(fits.chi_square < 0.01);
  CHECK(fits.fit_p_value() > 0.99);
  const EloRatings cycle = fit_elo(
      3, std::vector<PairRecord>{{0, 1, 300, 100, 0}, {1, 2, 300, 100, 0}, {2, 0, 300, 100, 0}});
  CHECK(cycle.difference(0, 1).elo == exactly(0, 1e-6));           // no ranking: all even
  CHECK(cycle.residual({0, 1, 300, 100, 0}) == exactly(10, 1e-9)); // (300 - 200) / sqrt(100)
  CHECK(cycle.chi_square == exactly(300, 1e-6));
  CHECK(cycle.fit_p_value() < 1e-60);
}

TEST_CASE("the fit's p-value is uniform when the model holds", "[ratings]") {
  // 1,000 tournaments of 5 players with known ratings, 100 matches a pair, each match a draw of
  // the model itself: about 5 percent of the p-values fall below 0.05, and half below 0.5.
  const std::vector<double> truth{-150, -40, 0, 90, 200};
  Rng rng(20261203);
  int below_5 = 0, below_50 = 0;
  const int runs = 1'000;
  for (int run = 0; run < runs; ++run) {
    std::vector<PairRecord> records;
    for (std::size_t i = 0; i < 5; ++i)
      for (std::size_t j = i + 1; j < 5; ++j) {
        const double p = 1 / (1 + std::pow(10.0, (truth[j] - truth[i]) / 400));
        PairRecord r{i, j, 0, 0, 0};
        for (int match = 0; match < 100; ++match) ++(rng.chance(p) ? r.wins_a : r.wins_b);
        records.push_back(r);
      }
    const double p_value = fit_elo(5, records).fit_p_value();
    below_5 += p_value < 0.05;
    below_50 += p_value < 0.5;
  }
  // Binomial spreads of 1,000 draws: 4 standard deviations are about 2.8 and 6.3 points.
  CHECK(below_5 > 22);
  CHECK(below_5 < 78);
  CHECK(below_50 > 437);
  CHECK(below_50 < 563);
}

TEST_CASE("worst_described gives the first of equally described records", "[ratings]") {
  const std::vector<PairRecord> records{{0, 1, 70, 30, 0}, {0, 1, 70, 30, 0}};
  const EloRatings ratings = fit_elo(2, records);
  CHECK(&worst_described(ratings, records) == &records[0]);
}

} // namespace test_ratings
