#include "catch_shim.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/miss_phases.hpp>
#include <battleship/registry.hpp>
#include <battleship/tournament.hpp>

namespace test_tournament {

using namespace battleship;

namespace {
using S = ClassicShape;

Entrant<S> entrant(const char* shooter, const char* placer = "uniform") {
  return {shooter, make_shooter<S>(shooter), make_placer<S>(placer)};
}

std::vector<Entrant<S>> three() {
  return {entrant("random"), entrant("parity"), entrant("probability")};
}

SimulationOptions options(std::uint64_t games, unsigned threads = 2) {
  SimulationOptions o;
  o.games = games;
  o.seed = 9;
  o.threads = threads;
  return o;
}

/// The tallies that decide a batch.
std::vector<std::uint64_t> tallies(const MatchResult& m) {
  return {m.games, m.wins_a, m.wins_b, m.draws, m.aborted, m.first_mover_wins, m.rounds};
}
} // namespace

TEST_CASE("every pair of a round robin plays the batch simulate_match gives those two",
          "[tournament]") {
  const Board<S> board;
  const auto players = three();
  const auto t = round_robin(board, fleets::classic, rulesets::classic, players, options(300));
  REQUIRE(t.matches.size() == 3);
  CHECK_FALSE(t.cancelled);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = i + 1; j < 3; ++j) {
      const MatchResult alone =
          simulate_match(board, fleets::classic, rulesets::classic, players[i].shooter,
                         players[i].placer, players[j].shooter, players[j].placer, options(300));
      CHECK(tallies(t.between(i, j)) == tallies(alone));
      CHECK(tallies(t.between(j, i)) == tallies(alone)); // either order names the same pair
    }
  // The same tournament on one thread gives the same tallies.
  const auto one = round_robin(board, fleets::classic, rulesets::classic, players, options(300, 1));
  for (std::size_t k = 0; k < 3; ++k) CHECK(tallies(one.matches[k]) == tallies(t.matches[k]));
}

TEST_CASE("a side hook wraps each player's shooter pair by pair and changes no match",
          "[tournament]") {
  // The hook counts each side's misses pair by pair, as the Python binding's phases=True does:
  // each pair's counts are those of that pair's batch played alone with counted shooters.
  const Board<S> board;
  const auto players = three();
  std::vector<std::array<std::shared_ptr<MissCounter>, 2>> counters(3);
  for (auto& pair : counters)
    pair = {std::make_shared<MissCounter>(), std::make_shared<MissCounter>()};
  std::vector<std::array<std::size_t, 2>> asked;
  auto counted = [&](std::size_t player, std::size_t opponent,
                     const AnyShotStrategy<S>& shooter) -> AnyShotStrategy<S> {
    asked.push_back({player, opponent});
    const std::size_t low = std::min(player, opponent), high = std::max(player, opponent);
    const auto& counter = counters[detail::pair_index(low, high, 3)][player == low ? 0 : 1];
    return CountingMisses<S, AnyShotStrategy<S>>(shooter, counter);
  };
  const auto t =
      round_robin(board, fleets::classic, rulesets::classic, players, options(200), counted);
  const auto plain = round_robin(board, fleets::classic, rulesets::classic, players, options(200));
  CHECK(asked ==
        std::vector<std::array<std::size_t, 2>>{{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}});
  for (std::size_t k = 0; k < 3; ++k) CHECK(tallies(t.matches[k]) == tallies(plain.matches[k]));
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = i + 1; j < 3; ++j) {
      const auto a = std::make_shared<MissCounter>(), b = std::make_shared<MissCounter>();
      const MatchResult alone = simulate_match(
          board, fleets::classic, rulesets::classic,
          CountingMisses<S, AnyShotStrategy<S>>(players[i].shooter, a), players[i].placer,
          CountingMisses<S, AnyShotStrategy<S>>(players[j].shooter, b), players[j].placer,
          options(200));
      CHECK(tallies(alone) == tallies(t.between(i, j)));
      const auto& pair = counters[detail::pair_index(i, j, 3)];
      for (const auto& [mine, theirs] : {std::pair{pair[0], a}, std::pair{pair[1], b}}) {
        const MissPhases x = mine->phases(), y = theirs->phases();
        CHECK(x.games == 200);
        CHECK(x.games == y.games);
        CHECK(x.hunting == y.hunting);
        CHECK(x.targeting == y.targeting);
        CHECK(x.misses() > 0);
      }
    }
}

TEST_CASE("a round robin split by first_game adds up, pair by pair, to the whole run",
          "[tournament]") {
  // Pieces of a tournament played on several machines: each pair's batch of a piece is the
  // piece of that pair's run, so merging each pair's pieces gives the whole tournament.
  const Board<S> board;
  const auto whole = round_robin(board, fleets::classic, rulesets::classic, three(), options(90));
  SimulationOptions later = options(60);
  later.first_game = 30;
  auto merged = round_robin(board, fleets::classic, rulesets::classic, three(), options(30));
  const auto rest = round_robin(board, fleets::classic, rulesets::classic, three(), later);
  REQUIRE(merged.matches.size() == rest.matches.size());
  for (std::size_t k = 0; k < merged.matches.size(); ++k) {
    CHECK(tallies(rest.matches[k]) != tallies(whole.matches[k]));
    merged.matches[k].merge(rest.matches[k]);
    CHECK(tallies(merged.matches[k]) == tallies(whole.matches[k]));
  }
  const auto a = merged.standings(), b = whole.standings();
  for (std::size_t k = 0; k < a.size(); ++k) {
    CHECK(a[k].name == b[k].name);
    CHECK(a[k].wins == b[k].wins);
    CHECK(a[k].draws == b[k].draws);
  }
}

TEST_CASE("the standings rank players by the share of points they took", "[tournament]") {
  const auto t = round_robin(Board<S>{}, fleets::classic, rulesets::classic, three(), options(400));
  const auto table = t.standings();
  REQUIRE(table.size() == 3);
  CHECK(table[0].name == "probability");
  CHECK(table[1].name == "parity");
  CHECK(table[2].name == "random");
  CHECK(table[2].entrant == 0);
  std::uint64_t wins = 0, losses = 0;
  for (const Standing& s : table) {
    wins += s.wins;
    losses += s.losses;
    CHECK(s.wins + s.losses + s.draws == 2 * 400); // two opponents, no aborted matches
  }
  CHECK(wins == losses);
  CHECK(table[0].score() > table[1].score());
  CHECK(table[1].score() > table[2].score());
  // A player's share against another and the other's against it add up to one without draws.
  CHECK(t.share(1, 2).share + t.share(2, 1).share == Approx(1.0));
  CHECK(t.share(2, 0).share > 0.95); // probability against random
  CHECK_THROWS_AS(t.between(1, 1), std::out_of_range);
  CHECK_THROWS_AS(t.between(0, 3), std::out_of_range);
}

TEST_CASE("a player that forfeits its matches loses them in the standings, shares and ratings",
          "[tournament]") {
  // A placer that never lays the fleet out: every match of its player is aborted, its fault.
  struct NoPlacer {
    bool place(Ocean<S>&, Rng&) { return false; }
  };
  std::vector<Entrant<S>> players{
      entrant("random"), entrant("parity"), {"broken", make_shooter<S>("probability"), NoPlacer{}}};
  const auto t = round_robin(Board<S>{}, fleets::classic, rulesets::classic, players, options(40));
  const MatchResult& m = t.between(0, 2);
  CHECK(m.aborted == 40);
  CHECK(m.forfeits_b == 40);
  const auto table = t.standings();
  REQUIRE(table.back().name == "broken"); // it won no match: last, not left out
  CHECK(table.back().losses == 80);
  CHECK(table.back().wins == 0);
  CHECK(table.back().score() == 0.0);
  CHECK(t.share(0, 2).share == 1.0); // random against a player that never placed its fleet
  const EloRatings elo = t.ratings();
  CHECK(elo.elo[2] < elo.elo[0]);
}

TEST_CASE("a draw is worth half a win", "[tournament]") {
  Rules capped = rulesets::classic;
  capped.shot_cap = 5; // nobody sinks a classic fleet in five shots: every match is drawn
  const auto t = round_robin(Board<S>{}, fleets::classic, capped, three(), options(20));
  for (const Standing& s : t.standings()) {
    CHECK(s.draws == 40);
    CHECK(s.score() == 0.5);
  }
  CHECK(t.standings()[0].entrant == 0); // ties keep the order entered
}

TEST_CASE("players level on score are ranked by wins, then in the order entered", "[tournament]") {
  const auto batch = [](std::uint64_t wins_a, std::uint64_t wins_b, std::uint64_t draws) {
    MatchResult m;
    m.wins_a = wins_a;
    m.wins_b = wins_b;
    m.draws = draws;
    m.games = wins_a + wins_b + draws;
    return m;
  };
  TournamentResult t;
  t.names = {"A", "B", "C"};
  t.matches = {batch(1, 1, 2), batch(1, 1, 2), batch(3, 3, 0)}; // (A, B), (A, C), (B, C)
  const auto table = t.standings();
  REQUIRE(table.size() == 3);
  for (const Standing& s : table) CHECK(s.score() == 0.5);
  CHECK(table[0].name == "B"); // four wins, as C, and entered first
  CHECK(table[1].name == "C");
  CHECK(table[2].name == "A"); // two wins
  CHECK(table[2].wins == 2);
}

TEST_CASE("standings_of ranks any records as a tournament ranks its pairs", "[tournament]") {
  const std::vector<std::string> names = {"A", "B", "C"};
  // Records in any order, a pair split over two of them, as pieces of a tournament add up.
  const std::vector<PairRecord> records = {
      {1, 2, 2, 1, 0}, {0, 1, 1, 1, 2}, {0, 2, 1, 1, 2}, {1, 2, 1, 2, 0}};
  const auto table = standings_of(names, records);
  REQUIRE(table.size() == 3);
  CHECK(table[0].name == "B"); // level on score (1/2) with C and on wins (4): entered first
  CHECK(table[0].entrant == 1);
  CHECK(table[1].name == "C");
  CHECK(table[2].name == "A"); // two wins
  CHECK(table[2].draws == 4);
  CHECK(table[1].losses == 4);
  const auto empty = standings_of(names, {});
  CHECK(empty[0].name == "A"); // nothing played: the order entered, every score 0
  CHECK(empty[2].score() == 0.0);
  CHECK_THROWS_AS(standings_of(names, {{1, 1, 1, 0, 0}}), std::invalid_argument);
  CHECK_THROWS_AS(standings_of(names, {{0, 3, 1, 0, 0}}), std::invalid_argument);
}

TEST_CASE("progress counts the tournament's matches and a cancel stops it", "[tournament]") {
  std::vector<std::uint64_t> seen;
  SimulationOptions o = options(100);
  o.progress = [&](std::uint64_t n) { seen.push_back(n); };
  const auto t = round_robin(Board<S>{}, fleets::classic, rulesets::classic, three(), o);
  REQUIRE_FALSE(seen.empty());
  CHECK(std::is_sorted(seen.begin(), seen.end()));
  CHECK(seen.back() == 300);

  std::atomic<bool> stop{false};
  SimulationOptions c = options(100, 1);
  c.cancel = &stop;
  c.progress = [&](std::uint64_t n) {
    if (n >= 150) stop = true; // during the second pair
  };
  const auto cut = round_robin(Board<S>{}, fleets::classic, rulesets::classic, three(), c);
  CHECK(cut.cancelled);
  REQUIRE(cut.matches.size() == 2);
  CHECK(cut.matches[0].games == 100);
  CHECK(cut.matches[1].games >= 50); // under way when the flag was set (150 games done)
  CHECK_THROWS_AS(cut.between(1, 2), std::out_of_range); // never played
  const std::vector<PairRecord> played = cut.records();  // the pairs that played, only
  REQUIRE(played.size() == 2);
  CHECK((played[0].a == 0 && played[0].b == 1 && played[1].a == 0 && played[1].b == 2));
  CHECK(played[1].wins_a == cut.matches[1].wins_a);
  std::uint64_t decided = 0;
  for (const Standing& s : cut.standings()) decided += s.wins + s.losses;
  CHECK(decided == 2 * (cut.matches[0].wins_a + cut.matches[0].wins_b + cut.matches[1].wins_a +
                        cut.matches[1].wins_b));
}

TEST_CASE("a round robin refuses what it cannot play", "[tournament]") {
  const Board<S> board;
  CHECK_THROWS_AS(round_robin(board, fleets::classic, rulesets::classic,
                              std::vector<Entrant<S>>{entrant("parity")}),
                  std::invalid_argument);
  CHECK_THROWS_AS(
      round_robin(board, fleets::classic, rulesets::classic,
                  std::vector<Entrant<S>>{entrant("parity"), entrant("parity", "spread")}),
      std::invalid_argument);
  Rules bad = rulesets::classic;
  bad.salvo_size = 3; // a salvo size without the fixed-salvo rule
  CHECK_THROWS_AS(round_robin(board, fleets::classic, bad, three()), std::invalid_argument);
  const Fleet huge{{"Giant", 'G', 11, 1}};
  CHECK_THROWS_AS(round_robin(board, huge, rulesets::classic, three()), std::invalid_argument);
}

TEST_CASE("a cancel seen between two pairs ends the round robin before the next pair",
          "[tournament]") {
  SECTION("a cancel raised before the start: no pair plays") {
    std::atomic<bool> stop{true};
    SimulationOptions c = options(100, 1);
    c.cancel = &stop;
    const auto t = round_robin(Board<S>{}, fleets::classic, rulesets::classic, three(), c);
    CHECK(t.cancelled);
    CHECK(t.matches.empty());
    CHECK(t.names.size() == 3);
    for (const Standing& s : t.standings()) CHECK(s.wins + s.losses + s.draws == 0);
  }
  SECTION("a cancel raised by the first pair's last progress report: that pair is whole") {
    std::atomic<bool> stop{false};
    SimulationOptions c = options(100, 1);
    c.cancel = &stop;
    c.progress = [&](std::uint64_t n) {
      if (n == 100) stop = true; // the first pair's last report: its batch is over
    };
    const auto t = round_robin(Board<S>{}, fleets::classic, rulesets::classic, three(), c);
    CHECK(t.cancelled);
    REQUIRE(t.matches.size() == 1);
    CHECK(t.matches[0].games == 100);
    CHECK_FALSE(t.matches[0].cancelled);
    // A pair the run never reached is named as such (it was vector::at's message).
    CHECK(t.share(1, 0).share == Approx(1.0 - t.share(0, 1).share));
    try {
      (void)t.share(1, 2);
      FAIL("a pair that did not play has no share");
    } catch (const std::out_of_range& e) {
      CHECK(std::string(e.what()) ==
            "the pair (1, 2) did not play: the run was cancelled after 1 of its pairs");
    }
  }
}

} // namespace test_tournament
