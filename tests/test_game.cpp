#include "catch_shim.hpp"

#include <battleship/forfeit.hpp>
#include <battleship/game.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/strategies/hunt_target.hpp>
#include <battleship/strategies/random.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace test_game {

using namespace battleship;
using S = FixedShape<4, 4>;

namespace {
const Fleet pair_fleet{{"Two", 'T', 2, 1}, {"Three", 'H', 3, 1}};

/// Fires at open cells in reading order.
struct ReadingOrder {
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>& v, Rng&) { return v.board().coord(v.open().first()); }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};
/// Always fires at the same cell.
struct Stubborn {
  Coord cell{0, 0};
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>&, Rng&) { return cell; }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};
/// In reading order, but after every valid shot it next repeats that cell once (an invalid
/// shot), and it notes every outcome it is told.
struct Repeater {
  Coord last{-1, -1};
  bool repeat_next = false;
  std::vector<ShotOutcome>* told = nullptr;
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>& v, Rng&) {
    if (repeat_next) return last;
    return last = v.board().coord(v.open().first());
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome& o) {
    repeat_next = o.valid();
    if (told) told->push_back(o);
  }
};
/// Records, each time it names a cell, how many shots the view had resolved and how many were
/// pending: proves a volley is named before it is resolved.
struct Spy {
  std::vector<std::pair<int, int>>* named = nullptr;
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>& v, Rng&) {
    named->emplace_back(v.shots_fired(), v.pending().count());
    return v.board().coord(v.open().first());
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};
/// Cannot place anything.
struct NoPlacer {
  bool place(Ocean<S>&, Rng&) { return false; }
};

/// Everything an observer hears, as text, for both the virtual and the template route.
struct Transcript {
  std::vector<std::string> lines;
  void on_placement(int player, const Ocean<S>& o) {
    lines.push_back("place " + std::to_string(player) + " " + std::to_string(o.ship_count()));
  }
  void on_turn_start(int player, int round) {
    lines.push_back("turn " + std::to_string(player) + " " + std::to_string(round));
  }
  void on_shot(int player, Coord c, const ShotOutcome& full, const ShotOutcome& told) {
    lines.push_back("shot " + std::to_string(player) + " " + std::to_string(c.row) + "," +
                    std::to_string(c.col) + " " + std::string(to_string(full.result)) + " " +
                    std::string(to_string(told.result)));
  }
  void on_sunk(int player, int ship) {
    lines.push_back("sunk " + std::to_string(player) + " " + std::to_string(ship));
  }
  void on_game_over(const GameOutcome& o) {
    lines.push_back("over " + std::string(to_string(o.end)));
  }
};
struct VirtualTranscript final : GameObserver<S> {
  Transcript t;
  void on_placement(int p, const Ocean<S>& o) override { t.on_placement(p, o); }
  void on_turn_start(int p, int r) override { t.on_turn_start(p, r); }
  void on_shot(int p, Coord c, const ShotOutcome& f, const ShotOutcome& o) override {
    t.on_shot(p, c, f, o);
  }
  void on_sunk(int p, int s) override { t.on_sunk(p, s); }
  void on_game_over(const GameOutcome& o) override { t.on_game_over(o); }
};
/// Counts shots per turn.
struct TurnLog {
  std::vector<int> players;
  std::vector<int> shots;
  std::vector<int> valid;
  void on_turn_start(int player, int) {
    players.push_back(player);
    shots.push_back(0);
    valid.push_back(0);
  }
  void on_shot(int, Coord, const ShotOutcome& full, const ShotOutcome&) {
    ++shots.back();
    if (full.valid()) ++valid.back();
  }
  int invalid() const {
    int n = 0;
    for (std::size_t i = 0; i < shots.size(); ++i) n += shots[i] - valid[i];
    return n;
  }
};

/// Two at (0,0)-(0,1), Three at (1,0)-(1,2): reading order sinks both with its 7th shot.
void top_layout(Ocean<S>& o) {
  REQUIRE(o.place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(o.place(1, {1, 0}, Orientation::horizontal) == PlacementRefusal::none);
}
/// Two at (3,2)-(3,3), Three at (2,1)-(2,3): reading order needs all 16 shots.
void bottom_layout(Ocean<S>& o) {
  REQUIRE(o.place(0, {3, 2}, Orientation::horizontal) == PlacementRefusal::none);
  REQUIRE(o.place(1, {2, 1}, Orientation::horizontal) == PlacementRefusal::none);
}

template <class Observer = GameObserver<S>, class A = AnyShotStrategy<S>, class B = A>
Game<S, Observer, A, B> reading_game(const Rules& rules, A a = ReadingOrder{},
                                     B b = ReadingOrder{}) {
  Game<S, Observer, A, B> g(Board<S>{}, pair_fleet, rules, std::move(a), std::move(b));
  top_layout(g.ocean(0));
  top_layout(g.ocean(1));
  return g;
}
/// The number of turns a transcript shows.
int count_turns(const Transcript& t) {
  int n = 0;
  for (const auto& line : t.lines) n += line.starts_with("turn ") ? 1 : 0;
  return n;
}
/// Plays `g` volley by volley to the end; returns how many volleys that took.
template <class G>
int play_by_volleys(G& g) {
  int volleys = 0;
  for (; !g.is_over(); ++volleys) g.play_volley();
  return volleys;
}
Rules with_volley(Volley v, int salvo = 1) {
  Rules r = rulesets::classic;
  r.volley = v;
  r.salvo_size = salvo;
  return r;
}
} // namespace

TEST_CASE("players alternate, player 0 first, and the first to sink the other's fleet wins",
          "[game]") {
  auto g = reading_game<TurnLog>(rulesets::classic);
  TurnLog log;
  g.observe(&log);
  CHECK(g.to_move() == 0);
  const auto& out = g.play_to_end();
  CHECK(out.end == GameEnd::win);
  CHECK(out.winner == 0); // player 0 fires its 7th shot first
  CHECK(out.shots[0] == 7);
  CHECK(out.shots[1] == 6); // without the equalising shot player 1 does not answer
  CHECK(out.rounds == 7);
  CHECK(g.ocean(1).all_sunk());
  CHECK_FALSE(g.ocean(0).all_sunk());
  CHECK(log.players == std::vector<int>{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0});
  CHECK(g.is_over());
}

TEST_CASE("play_to_end leaves the match in progress while its stop flag is raised", "[game]") {
  auto g = reading_game<TurnLog>(rulesets::classic);
  std::atomic<bool> stop{true};
  CHECK(g.play_to_end(&stop).end == GameEnd::in_progress);
  CHECK(g.outcome().shots == std::array<int, 2>{0, 0}); // read before the first turn
  g.play_turn();
  CHECK(g.play_to_end(&stop).end == GameEnd::in_progress);
  CHECK(g.outcome().shots == std::array<int, 2>{1, 0});
  stop = false; // lowered, the same match plays on to the end it has without a flag
  const auto& out = g.play_to_end(&stop);
  CHECK(out.end == GameEnd::win);
  CHECK(out.winner == 0);
  CHECK(out.shots == std::array<int, 2>{7, 6});
}

TEST_CASE("the second player wins when it sinks the first player's fleet first", "[game]") {
  Game<S> g(Board<S>{}, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  bottom_layout(g.ocean(0)); // player 1 needs 16 shots
  top_layout(g.ocean(1));    // player 0 needs 7
  Game<S> h(Board<S>{}, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  top_layout(h.ocean(0));
  bottom_layout(h.ocean(1));
  CHECK(g.play_to_end().winner == 0);
  const auto& out = h.play_to_end();
  CHECK(out.winner == 1);
  CHECK(out.shots[0] == 7);
  CHECK(out.shots[1] == 7);
}

TEST_CASE("the equalising shot lets the second player draw (seed 000)", "[game][rules]") {
  Rules rules = rulesets::classic;
  rules.equalising_shot = true;
  auto g = reading_game(rules);
  const auto& out = g.play_to_end();
  CHECK(out.end == GameEnd::draw);
  CHECK(out.winner == -1);
  CHECK(out.shots[0] == 7);
  CHECK(out.shots[1] == 7);
  CHECK(out.rounds == 7);
}

TEST_CASE("with the equalising shot, a second player that cannot catch up loses after its turn",
          "[game][rules]") {
  Rules rules = rulesets::classic;
  rules.equalising_shot = true;
  Game<S, TurnLog> g(Board<S>{}, pair_fleet, rules, ReadingOrder{}, ReadingOrder{});
  bottom_layout(g.ocean(0));
  top_layout(g.ocean(1));
  TurnLog log;
  g.observe(&log);
  const auto& out = g.play_to_end();
  CHECK(out.end == GameEnd::win);
  CHECK(out.winner == 0);
  CHECK(out.shots[1] == 7); // it took its equalising turn
  CHECK(log.players.back() == 1);
}

TEST_CASE("a fixed salvo is named in full before any shot is resolved", "[game][rules]") {
  std::vector<std::pair<int, int>> named;
  auto g = reading_game<TurnLog, Spy, AnyShotStrategy<S>>(with_volley(Volley::fixed_salvo, 3),
                                                          Spy{&named}, ReadingOrder{});
  TurnLog log;
  g.observe(&log);
  g.play_turn();
  CHECK(log.shots == std::vector<int>{3});
  // (shots resolved, cells pending) at each naming: nothing resolves until all three are named.
  CHECK(named == std::vector<std::pair<int, int>>{{0, 0}, {0, 1}, {0, 2}});
  CHECK(g.view(0).shots_fired() == 3);
  CHECK(g.view(0).pending().none());
  g.play_turn();
  g.play_turn();
  CHECK(named.size() == 6);
  CHECK(named[3] == std::pair<int, int>{3, 0});
}

TEST_CASE("a per-ship salvo fires one shot per own ship afloat at the start of the turn",
          "[game][rules]") {
  auto g = reading_game<TurnLog>(rulesets::salvo);
  TurnLog log;
  g.observe(&log);
  g.play_round();
  // Player 0's two shots sink player 1's Two, so player 1 has one ship left: one shot.
  CHECK(log.shots == std::vector<int>{2, 1});
  g.play_round();
  // Player 1's one shot sank nothing of player 0: still two ships, two shots.
  CHECK(log.shots == std::vector<int>{2, 1, 2, 1});
}

TEST_CASE("next_volley_size is the number of cells the next turn names", "[game][rules]") {
  Rules capped = with_volley(Volley::fixed_salvo, 3);
  capped.shot_cap = 4;
  for (const Rules& rules :
       {rulesets::classic, with_volley(Volley::fixed_salvo, 3), rulesets::salvo, capped}) {
    INFO("volley " << to_string(rules.volley) << ", cap " << rules.shot_cap);
    auto g = reading_game<TurnLog>(rules);
    TurnLog log;
    g.observe(&log);
    std::vector<int> predicted;
    while (!g.is_over()) {
      predicted.push_back(g.next_volley_size());
      g.play_turn();
    }
    CHECK(predicted == log.shots); // one turn, one volley: all named, every one announced
    CHECK(g.next_volley_size() == 0);
  }
}

TEST_CASE("play_volley plays an until-miss turn one volley at a time", "[game][rules]") {
  auto g = reading_game<TurnLog>(with_volley(Volley::until_miss));
  TurnLog log;
  g.observe(&log);
  // Player 0 hits (0,0): the turn goes on, the round and the turn are counted once.
  g.play_volley();
  CHECK(g.turn_under_way());
  CHECK(g.to_move() == 0);
  CHECK(g.next_volley_size() == 1);
  CHECK(log.shots == std::vector<int>{1});
  g.play_volley(); // (0,1) sinks Two: a hit, so it shoots again
  CHECK(g.turn_under_way());
  CHECK(g.view(0).shots_fired() == 2);
  g.play_volley(); // (0,2) misses: the turn ends
  CHECK_FALSE(g.turn_under_way());
  CHECK(g.to_move() == 1);
  CHECK(log.shots == std::vector<int>{3});
  CHECK(log.players == std::vector<int>{0});
  CHECK(g.outcome().rounds == 1);
}

TEST_CASE("a match played volley by volley is the match played turn by turn", "[game][rules]") {
  Rules capped = with_volley(Volley::until_miss);
  capped.shot_cap = 9;
  Rules forfeits = with_volley(Volley::until_miss);
  forfeits.invalid_shot = InvalidShot::forfeits;
  for (const Rules& rules :
       {with_volley(Volley::until_miss), rulesets::classic, rulesets::salvo, capped, forfeits}) {
    INFO("volley " << to_string(rules.volley) << ", cap " << rules.shot_cap);
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      auto by_turn = reading_game<Transcript, AnyShotStrategy<S>>(rules, RandomShooter<S>{},
                                                                  HuntTargetShooter<S>{});
      auto by_volley = reading_game<Transcript, AnyShotStrategy<S>>(rules, RandomShooter<S>{},
                                                                    HuntTargetShooter<S>{});
      by_turn.reset(seed);
      by_volley.reset(seed);
      for (auto* g : {&by_turn, &by_volley}) {
        REQUIRE(g->place(0, UniformPlacer<S>{}));
        REQUIRE(g->place(1, UniformPlacer<S>{}));
      }
      Transcript turns, volleys;
      by_turn.observe(&turns);
      by_volley.observe(&volleys);
      by_turn.play_to_end();
      const int volleys_played = play_by_volleys(by_volley);
      CHECK(volleys.lines == turns.lines);
      CHECK(by_volley.outcome() == by_turn.outcome());
      CHECK_FALSE(by_volley.turn_under_way());
      if (rules.volley != Volley::until_miss) CHECK(volleys_played == count_turns(turns));
    }
  }
}

TEST_CASE("refused and forfeited shots play the same volley by volley", "[game][rules]") {
  for (const InvalidShot invalid : {InvalidShot::refused, InvalidShot::forfeits}) {
    Rules rules = with_volley(Volley::until_miss);
    rules.invalid_shot = invalid;
    rules.max_invalid_in_a_row = 2;
    auto by_turn = reading_game<Transcript, Repeater, ReadingOrder>(rules, Repeater{});
    auto by_volley = reading_game<Transcript, Repeater, ReadingOrder>(rules, Repeater{});
    Transcript turns, volleys;
    by_turn.observe(&turns);
    by_volley.observe(&volleys);
    by_turn.play_to_end();
    play_by_volleys(by_volley);
    CHECK(volleys.lines == turns.lines);
    CHECK(by_volley.outcome() == by_turn.outcome());
    CHECK(std::count(turns.lines.begin(), turns.lines.end(), std::string("shot 0 0,0 hit hit")) ==
          1);
  }
}

TEST_CASE("an abort between two volleys of a turn ends the turn", "[game][rules]") {
  auto g = reading_game<TurnLog>(with_volley(Volley::until_miss));
  g.play_volley();
  REQUIRE(g.turn_under_way());
  g.abort("the user quit");
  CHECK_FALSE(g.turn_under_way());
  g.play_turn(); // does nothing, and returns
  CHECK(g.view(0).shots_fired() == 1);
}

TEST_CASE("until-miss keeps shooting while it hits", "[game][rules]") {
  auto g = reading_game<TurnLog>(with_volley(Volley::until_miss));
  TurnLog log;
  g.observe(&log);
  g.play_turn();
  // Hits (0,0), (0,1) sinking Two, then misses (0,2): three shots.
  CHECK(log.shots == std::vector<int>{3});
  g.play_turn();
  CHECK(log.shots == std::vector<int>{3, 3});
  g.play_turn();
  // (0,3) is a miss: one shot.
  CHECK(log.shots == std::vector<int>{3, 3, 1});
  g.play_turn();
  g.play_turn();
  // (1,0), (1,1), (1,2) hit and sink Three: the turn ends because the fleet is sunk.
  CHECK(log.shots.back() == 3);
  CHECK(g.outcome().winner == 0);
}

TEST_CASE("an invalid shot is refused and fired again, or forfeited as the turn's shot",
          "[game][rules]") {
  struct Case {
    InvalidShot rule;
    std::vector<int> shots, valid; // per turn, over two rounds
    std::size_t told;              // outcomes player 0 was told
    int fired;                     // player 0's valid shots
  };
  // Player 0's second turn starts with a repeat: refused (announced as invalid) then a valid
  // shot, or forfeited (the turn's only shot, lost).
  for (const Case& c : {Case{InvalidShot::refused, {1, 1, 2, 1}, {1, 1, 1, 1}, 3, 2},
                        Case{InvalidShot::forfeits, {1, 1, 1, 1}, {1, 1, 0, 1}, 2, 1}}) {
    std::vector<ShotOutcome> told;
    Rules rules = rulesets::classic;
    rules.invalid_shot = c.rule;
    auto g = reading_game<TurnLog, Repeater, AnyShotStrategy<S>>(
        rules, Repeater{{-1, -1}, false, &told}, ReadingOrder{});
    TurnLog log;
    g.observe(&log);
    g.play_round();
    g.play_round();
    CHECK(log.shots == c.shots);
    CHECK(log.valid == c.valid);
    REQUIRE(told.size() == c.told);
    CHECK(told[1] == ShotOutcome{ShotResult::invalid, -1, ShotRefusal::already_shot});
    CHECK(g.outcome().shots[0] == c.fired);
    CHECK(g.view(0).shots_fired() == c.fired);
  }
}

TEST_CASE("only invalid shots in a row count towards the abort limit", "[game][rules]") {
  for (auto rule : {InvalidShot::refused, InvalidShot::forfeits}) {
    Rules rules = rulesets::classic;
    rules.invalid_shot = rule;
    rules.max_invalid_in_a_row = 2;
    // Player 0 alternates invalid and valid shots: many invalid shots, never two in a row.
    auto g = reading_game<TurnLog, Repeater, AnyShotStrategy<S>>(rules, Repeater{}, ReadingOrder{});
    TurnLog log;
    g.observe(&log);
    CHECK(g.play_to_end().end == GameEnd::win);
    CHECK(log.invalid() >= 3);
  }
}

TEST_CASE("an off-board shot is refused or forfeited with its reason", "[game][rules]") {
  for (auto rule : {InvalidShot::refused, InvalidShot::forfeits}) {
    Rules rules = rulesets::classic;
    rules.invalid_shot = rule;
    rules.max_invalid_in_a_row = 1;
    auto g = reading_game<Transcript, Stubborn, AnyShotStrategy<S>>(rules, Stubborn{{4, 0}},
                                                                    ReadingOrder{});
    Transcript t;
    g.observe(&t);
    g.play_turn();
    CHECK(t.lines == std::vector<std::string>{"place 0 2", "place 1 2", "turn 0 1",
                                              "shot 0 4,0 invalid invalid", "over aborted"});
  }
}

TEST_CASE("a refused shot is fired again by the same player and a forfeited one ends the turn",
          "[game][rules]") {
  // Player 0 fires off the board for ever; two invalid shots in a row abort the game.
  const auto transcript = [](InvalidShot rule, int turns) {
    Rules rules = rulesets::classic;
    rules.max_invalid_in_a_row = 2;
    rules.invalid_shot = rule;
    auto g = reading_game<Transcript, Stubborn, AnyShotStrategy<S>>(rules, Stubborn{{4, 0}},
                                                                    ReadingOrder{});
    Transcript t;
    g.observe(&t);
    for (int turn = 0; turn < turns; ++turn) g.play_turn();
    return t.lines;
  };
  CHECK(transcript(InvalidShot::refused, 1) ==
        std::vector<std::string>{"place 0 2", "place 1 2", "turn 0 1", "shot 0 4,0 invalid invalid",
                                 "shot 0 4,0 invalid invalid", "over aborted"});
  CHECK(
      transcript(InvalidShot::forfeits, 1) ==
      std::vector<std::string>{"place 0 2", "place 1 2", "turn 0 1", "shot 0 4,0 invalid invalid"});
  const auto two_turns = transcript(InvalidShot::forfeits, 2); // the game goes on
  REQUIRE(two_turns.size() == 6);
  CHECK(two_turns[4] == "turn 1 1");
  CHECK(two_turns[5].rfind("shot 1 0,0 ", 0) == 0);
}

TEST_CASE("endless invalid shots abort the game under either rule", "[game][rules]") {
  for (auto rule : {InvalidShot::refused, InvalidShot::forfeits}) {
    Rules rules = rulesets::classic;
    rules.invalid_shot = rule;
    rules.max_invalid_in_a_row = 5;
    auto g = reading_game<TurnLog, Stubborn, ReadingOrder>(rules, Stubborn{}, ReadingOrder{});
    TurnLog log;
    g.observe(&log);
    const auto& out = g.play_to_end();
    CHECK(out.end == GameEnd::aborted);
    CHECK(out.winner == -1);
    CHECK(out.reason == "player 0 made too many invalid shots in a row");
    CHECK(out.at_fault == 0); // the stubborn shooter is player 0
    CHECK(out.shots[0] == 1); // only the first shot at (0,0) was valid
    CHECK(log.invalid() == 5);
  }
}

TEST_CASE("a fleet that cannot be placed aborts the game with the reason", "[game]") {
  Game<S> g(Board<S>{}, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  CHECK(g.place(0, UniformPlacer<S>{}));
  CHECK_FALSE(g.place(1, NoPlacer{}));
  CHECK(g.outcome().end == GameEnd::aborted);
  CHECK(g.outcome().reason == "player 1 could not place its fleet");
  CHECK(g.outcome().at_fault == 1);
  CHECK(g.ocean(1).occupied().none());
  g.play_turn();
  CHECK(g.outcome().rounds == 0);

  Game<S> unplaced(Board<S>{}, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  top_layout(unplaced.ocean(0));
  unplaced.play_turn();
  CHECK(unplaced.outcome().end == GameEnd::aborted);
  CHECK(unplaced.outcome().reason == "player 1's fleet is not placed");
  CHECK(unplaced.outcome().at_fault == 1);
}

TEST_CASE("a placer lays the fleet out around the cells blocked on the game's ocean", "[game]") {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    Game<S> g(Board<S>{}, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{}, seed);
    for (int c = 0; c < 4; ++c) g.ocean(0).block(Coord{1, c}); // a wall across row 1
    const auto wall = g.ocean(0).blocked();
    REQUIRE(g.place(0, UniformPlacer<S>{}));
    CHECK(g.ocean(0).blocked() == wall);
    CHECK_FALSE(g.ocean(0).occupied().intersects(wall));
  }
}

TEST_CASE("a player other than 0 and 1 is refused and changes nothing", "[game]") {
  Game<S> g(Board<S>{}, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  for (int bad : {-1, 2, 7}) {
    INFO(bad);
    CHECK_THROWS_AS(g.ocean(bad), std::out_of_range);
    CHECK_THROWS_AS(std::as_const(g).ocean(bad), std::out_of_range);
    CHECK_THROWS_AS(g.view(bad), std::out_of_range);
    CHECK_THROWS_AS(g.place(bad, UniformPlacer<S>{}), std::out_of_range);
    CHECK_THROWS_WITH(g.set_ocean(bad, g.ocean(0)),
                      "player must be 0 or 1, got " + std::to_string(bad));
    if (bad != -1) CHECK_THROWS_AS(g.abort("resigns", bad), std::out_of_range); // -1: nobody
  }
  CHECK_THROWS_AS(g.abort("resigns", -2), std::out_of_range);
  CHECK(g.outcome().end == GameEnd::in_progress);
  CHECK(g.ocean(1).occupied().none());
  CHECK(g.place(1, UniformPlacer<S>{}));
}

TEST_CASE("a player who resigns is named at fault, and reset forgets it", "[game]") {
  Game<S> g(Board<S>{}, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  g.abort("player 1 resigns", 1);
  CHECK(g.outcome().end == GameEnd::aborted);
  CHECK(g.outcome().winner == -1);
  CHECK(g.outcome().at_fault == 1);
  g.abort("too late", 0); // already over: nothing changes
  CHECK(g.outcome().at_fault == 1);
  CHECK(g.outcome().reason == "player 1 resigns");
  g.reset(3);
  CHECK(g.outcome() == GameOutcome{});
}

TEST_CASE("a shot cap stops each player, and both at the cap is a draw", "[game][rules]") {
  Rules rules = rulesets::classic;
  rules.shot_cap = 5; // reading order needs 7 shots on the top layout
  auto g = reading_game<TurnLog>(rules);
  TurnLog log;
  g.observe(&log);
  const auto& out = g.play_to_end();
  CHECK(out.end == GameEnd::draw);
  CHECK(out.shots[0] == 5);
  CHECK(out.shots[1] == 5);
  CHECK(out.rounds == 5);

  // A salvo is cut at the cap.
  Rules salvo = with_volley(Volley::fixed_salvo, 3);
  salvo.shot_cap = 4;
  auto s = reading_game<TurnLog>(salvo);
  TurnLog slog;
  s.observe(&slog);
  s.play_to_end();
  CHECK(slog.shots == std::vector<int>{3, 3, 1, 1});
  CHECK(s.outcome().end == GameEnd::draw);
}

TEST_CASE("a capped player fires no more while the other plays on", "[game][rules]") {
  // A hit earns another shot, so the counts part: player 0 hits the top layout in runs and reaches
  // the cap in its third turn, while player 1 misses the bottom layout's first rows, a shot a turn.
  Rules rules = rulesets::classic;
  rules.volley = Volley::until_miss;
  rules.shot_cap = 5;
  Game<S, TurnLog> g(Board<S>{}, pair_fleet, rules, ReadingOrder{}, ReadingOrder{});
  bottom_layout(g.ocean(0));
  top_layout(g.ocean(1));
  TurnLog log;
  g.observe(&log);
  g.play_to_end();
  CHECK(g.outcome().end == GameEnd::draw);
  CHECK(g.outcome().shots == std::array<int, 2>{5, 5});
  std::array<int, 2> fired{};
  int player_1_at_cap = -1; // player 1's shots when player 0 reached the cap
  for (std::size_t t = 0; t < log.players.size(); ++t) {
    const auto player = static_cast<std::size_t>(log.players[t]);
    if (fired[0] == 5 && player == 0) CHECK(log.shots[t] == 0); // its turns pass empty
    fired[player] += log.shots[t];
    if (fired[0] == 5 && player_1_at_cap < 0) player_1_at_cap = fired[1];
  }
  CHECK(player_1_at_cap == 2); // 3 + 1 + 1 shots against 1 + 1
  CHECK(fired[1] == 5);        // and it played on to its own cap
}

TEST_CASE("observers hear every event in order, by template or by virtual call", "[game]") {
  auto run = [](auto& game, auto& observer) {
    game.observe(&observer);
    game.play_to_end();
  };
  Rules rules = rulesets::classic;
  rules.equalising_shot = true;
  auto a = reading_game<Transcript>(rules);
  auto b = reading_game<GameObserver<S>>(rules);
  Transcript t;
  VirtualTranscript v;
  run(a, t);
  run(b, v);
  CHECK(t.lines == v.t.lines);
  // An observer list passes every event to each of its observers.
  auto c = reading_game<GameObserver<S>>(rules);
  VirtualTranscript v1, v2;
  ObserverList<S> list{&v1};
  list.add(&v2);
  run(c, list);
  CHECK(v1.t.lines == t.lines);
  CHECK(v2.t.lines == t.lines);
  const std::vector<std::string> head{"place 0 2", "place 1 2",
                                      "turn 0 1",  "shot 0 0,0 hit hit",
                                      "turn 1 1",  "shot 1 0,0 hit hit",
                                      "turn 0 2",  "shot 0 0,1 sunk sunk",
                                      "sunk 0 0",  "turn 1 2"};
  REQUIRE(t.lines.size() > head.size());
  CHECK(std::vector<std::string>(t.lines.begin(), t.lines.begin() + 10) == head);
  CHECK(t.lines.back() == "over draw");
  // 14 shots, 4 sinkings, 14 turns, 2 placements, 1 end.
  CHECK(t.lines.size() == 35);
}

TEST_CASE("the shooter is told only what the disclosure rule reveals, and observers hear both",
          "[game][rules]") {
  Rules rules = rulesets::classic;
  rules.disclosure = Disclosure::hit_only;
  auto g = reading_game<Transcript>(rules);
  Transcript t;
  g.observe(&t);
  g.play_round();
  g.play_round();
  CHECK(t.lines[7] == "shot 0 0,1 sunk hit");
  CHECK(t.lines[8] == "sunk 0 0");
  CHECK(g.view(0).sunk_count() == 0);
}

TEST_CASE("an observer may end the game from a hook", "[game]") {
  struct Quitter {
    Game<S, Quitter, ReadingOrder, ReadingOrder>* game = nullptr;
    int shots = 0;
    void on_shot(int, Coord, const ShotOutcome&, const ShotOutcome&) {
      if (++shots == 3) game->abort("the user quit");
    }
  };
  auto g = reading_game<Quitter, ReadingOrder, ReadingOrder>(with_volley(Volley::fixed_salvo, 4));
  Quitter q{&g};
  g.observe(&q);
  g.play_to_end();
  CHECK(g.outcome().end == GameEnd::aborted);
  CHECK(g.outcome().reason == "the user quit");
  CHECK(g.outcome().at_fault == -1);
  CHECK(q.shots == 3);
  CHECK(g.view(0).shots_fired() == 3);
}

TEST_CASE("an observer that plays or resets the game from a hook is refused, and the volley goes "
          "on as it was",
          "[game]") {
  // Playing on from inside a volley went on over that volley's data: 8 valid shots in a turn
  // of 3.
  struct Meddler {
    Game<S, Meddler, ReadingOrder, ReadingOrder>* game = nullptr;
    bool reset = false;
    int refused = 0;
    void on_shot(int, Coord, const ShotOutcome&, const ShotOutcome&) {
      try {
        if (reset)
          game->reset(9);
        else
          game->play_turn();
      } catch (const std::logic_error& e) {
        CHECK(std::string(e.what()).find("abort is the call a hook may make") != std::string::npos);
        ++refused;
      }
    }
  };
  for (const bool reset : {false, true}) {
    auto g = reading_game<Meddler, ReadingOrder, ReadingOrder>(with_volley(Volley::fixed_salvo, 3));
    Meddler m{&g, reset};
    g.observe(&m);
    g.play_turn();
    CHECK(m.refused == 3);
    CHECK(g.outcome().shots[0] == 3);
    CHECK(g.view(0).shots_fired() == 3);
    CHECK(g.to_move() == 1);
    g.observe(nullptr);
    g.play_to_end(); // the flag is down again once the volley is over
    CHECK(g.is_over());
  }
}

TEST_CASE("a shooter that throws from on_result leaves its shot counted and announced", "[game]") {
  struct Grumbler : ReadingOrder {
    int told = 0;
    void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {
      if (++told == 3) throw std::runtime_error("grumble");
    }
  };
  auto g = reading_game<Transcript, Grumbler, ReadingOrder>(rulesets::classic, Grumbler{});
  Transcript t;
  g.observe(&t);
  CHECK_THROWS_AS(g.play_to_end(), std::runtime_error);
  // The ocean took the third shot: the view, the totals and the observer all hold it.
  CHECK(g.view(0).shots_fired() == 3);
  CHECK(g.outcome().shots[0] == 3);
  CHECK(std::count_if(t.lines.begin(), t.lines.end(),
                      [](const std::string& line) { return line.starts_with("shot 0 "); }) == 3);
}

/// Fires the cells a person hands over, first to last; throws when it has none (the inbox of
/// examples/event_driven_game).
struct Inbox {
  std::vector<Coord>* cells = nullptr;
  std::vector<ShotOutcome>* told = nullptr;
  std::vector<std::uint64_t>* drawn = nullptr;
  void start(const TargetView<S>&) {}
  Coord next_shot(const TargetView<S>&, Rng& rng) {
    drawn->push_back(rng()); // draws, as a shooter may, before it finds it has nothing
    if (cells->empty()) throw std::runtime_error("no cell");
    const Coord c = cells->front();
    cells->erase(cells->begin());
    return c;
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome& o) {
    if (told) told->push_back(o);
  }
};

/// Salvos of three cells, and a match lost after three invalid shots in a row.
Rules salvo_of_three() {
  Rules rules = rulesets::classic;
  rules.volley = Volley::fixed_salvo;
  rules.salvo_size = 3;
  rules.max_invalid_in_a_row = 3;
  return rules;
}

TEST_CASE("a shooter that throws while naming its volley leaves the game as it was", "[game]") {
  const Rules rules = salvo_of_three();
  std::vector<Coord> mine;
  std::vector<ShotOutcome> told;
  std::vector<std::uint64_t> g_drew, h_drew;
  auto g = reading_game<Transcript, Inbox, ReadingOrder>(rules, Inbox{&mine, &told, &g_drew});
  Transcript t;
  g.observe(&t);
  auto h = reading_game<Transcript, Inbox, ReadingOrder>(rules, Inbox{&mine, nullptr, &h_drew});
  // Twice in a row the person hands over two cells, the same twice (the second is refused, and
  // another asked for), and none more: each time the volley is dropped whole.
  for (int attempt = 0; attempt < 2; ++attempt) {
    mine = {{0, 0}, {0, 0}};
    CHECK_THROWS_AS(g.play_volley(), std::runtime_error);
    CHECK(g.view(0).pending().none());
    CHECK(g.view(0).shots_fired() == 0);
    CHECK(g.outcome().rounds == 0);
    CHECK(g.outcome().shots == std::array<int, 2>{0, 0});
    CHECK_FALSE(g.is_over()); // the next test checks the count of refusals goes back too
    CHECK(g.to_move() == 0);
  }
  CHECK(told.size() == 2); // the refusals were told to the shooter, its own to forget
  CHECK(told.back().refusal == ShotRefusal::already_shot);
  // Then three good cells: the game goes on as one never interrupted (same generator draws
  // after, the turn counted once).
  mine = {{0, 0}, {0, 1}, {3, 3}};
  g.play_volley();
  mine = {{0, 0}, {0, 1}, {3, 3}};
  h.play_volley();
  REQUIRE(g_drew.size() == 2 * 3 + 3);
  CHECK(std::vector<std::uint64_t>(g_drew.end() - 3, g_drew.end()) == h_drew);
  CHECK(std::vector<std::uint64_t>(g_drew.begin(), g_drew.begin() + 3) == h_drew);
  CHECK(g.outcome().rounds == 1);
  CHECK(g.outcome().shots == std::array<int, 2>{3, 0});
  CHECK(g.view(0) == h.view(0));
  CHECK(t.lines.front() == "place 0 2");
  CHECK(std::count(t.lines.begin(), t.lines.end(), "turn 0 1") == 3); // heard at each try
  g.play_volley();
  h.play_volley();
  CHECK(g.view(1) == h.view(1));
}

TEST_CASE("a shooter that forfeits while naming its volley ends the match with it at fault",
          "[game]") {
  /// Fires in reading order; gives up at its `at`-th cell (from 0) of the match.
  struct Quitter : ReadingOrder {
    int at = 0;
    int named = 0;
    Coord next_shot(const TargetView<S>& v, Rng& rng) {
      if (named++ == at) throw Forfeit("left the table");
      return ReadingOrder::next_shot(v, rng);
    }
  };
  // Under a salvo of three its third cell: the two named before it are withdrawn, none fired.
  auto g = reading_game<Transcript, ReadingOrder, Quitter>(salvo_of_three(), ReadingOrder{},
                                                           Quitter{{}, 5});
  Transcript t;
  g.observe(&t);
  g.play_to_end(); // the forfeit does not pass out
  CHECK(g.outcome().end == GameEnd::aborted);
  CHECK(g.outcome().at_fault == 1);
  CHECK(g.outcome().reason == "player 1 forfeited: left the table");
  CHECK(g.view(1).shots_fired() == 3); // its first salvo, and none of the second
  CHECK(g.view(1).pending().none());
  CHECK(g.outcome().shots == std::array<int, 2>{6, 3});
  CHECK(t.lines.back() == "over aborted");
  g.play_turn(); // over: nothing more
  CHECK(g.outcome().shots == std::array<int, 2>{6, 3});
}

TEST_CASE("a Forfeit an observer's hook throws is no player's: it passes out", "[game]") {
  struct Quitting {
    void on_turn_start(int player, int round) {
      if (player == 1 && round == 2) throw Forfeit("the screen closed");
    }
  };
  auto g = reading_game<Quitting>(rulesets::classic);
  Quitting q;
  g.observe(&q);
  CHECK_THROWS_AS(g.play_to_end(), Forfeit);
  CHECK_FALSE(g.is_over()); // as for any hook's exception: the turn starts again at the next call
  CHECK(g.outcome().at_fault == -1);
  CHECK(g.outcome().shots == std::array<int, 2>{2, 1});
}

TEST_CASE("a volley dropped by a throw gives back the count of refused shots", "[game]") {
  // Two cells off the board, then none: two refusals a try, under a limit of 3 only if the
  // count goes back to 0 when the volley is dropped (a valid first cell would reset it anyway).
  const Rules rules = salvo_of_three();
  std::vector<Coord> mine;
  std::vector<std::uint64_t> drew;
  auto g = reading_game<NullObserver, Inbox, ReadingOrder>(rules, Inbox{&mine, nullptr, &drew});
  for (int attempt = 0; attempt < 2; ++attempt) {
    mine = {{9, 9}, {9, 9}};
    CHECK_THROWS_AS(g.play_volley(), std::runtime_error);
    CHECK_FALSE(g.is_over());
  }
}

TEST_CASE("a shooter that throws while told of its salvo ends the match with none pending",
          "[game]") {
  struct Grumbler : ReadingOrder {
    void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {
      throw std::runtime_error("grumble");
    }
  };
  Rules rules = rulesets::classic;
  rules.volley = Volley::fixed_salvo;
  rules.salvo_size = 3;
  auto g = reading_game<Transcript, Grumbler, ReadingOrder>(rules, Grumbler{});
  CHECK_THROWS_AS(g.play_volley(), std::runtime_error);
  // The first shot was fired; the other two were named, and are withdrawn, not left pending.
  CHECK(g.view(0).shots_fired() == 1);
  CHECK(g.view(0).pending().none());
  CHECK(g.ocean(1).shots().count() == 1);
  CHECK(g.outcome().end == GameEnd::aborted);
  CHECK(g.outcome().at_fault == 0);
  CHECK(g.outcome().reason ==
        "player 0's volley was cut short: its shooter threw while told of a shot");
}

TEST_CASE("play_round plays both turns and play_turn one", "[game]") {
  auto g = reading_game(rulesets::classic);
  g.play_turn();
  CHECK(g.to_move() == 1);
  CHECK(g.outcome().shots == std::array<int, 2>{1, 0});
  g.play_round();
  CHECK(g.to_move() == 0);
  CHECK(g.outcome().shots == std::array<int, 2>{1, 1});
  g.play_round();
  CHECK(g.outcome().shots == std::array<int, 2>{2, 2});
  CHECK(g.outcome().rounds == 2);
  CHECK_FALSE(g.is_over());
}

TEST_CASE("an already placed ocean can be handed to a player, a wrong one is refused and changes "
          "nothing",
          "[game]") {
  const Board<S> board;
  Ocean<S> placed(board, pair_fleet);
  top_layout(placed);
  Game<S> g(board, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  CHECK(g.set_ocean(0, placed) == OceanRefusal::none);
  CHECK(g.set_ocean(1, placed) == OceanRefusal::none);
  CHECK(g.play_to_end().winner == 0);
  CHECK(g.set_ocean(0, placed) == OceanRefusal::play_started);

  Ocean<S> partial(board, pair_fleet);
  REQUIRE(partial.place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  Ocean<S> no_touch(board, pair_fleet, Touching::no_contact);
  Ocean<S> shot = placed;
  shot.fire({3, 3});
  const Fleet other_fleet{{"Three", 'T', 3, 1}};
  Ocean<S> other(board, other_fleet);
  REQUIRE(other.place(0, {0, 0}, Orientation::horizontal) == PlacementRefusal::none);
  Game<S> h(board, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  CHECK(h.set_ocean(0, placed) == OceanRefusal::none);
  const Ocean<S> before = h.ocean(0);
  CHECK(h.set_ocean(0, partial) == OceanRefusal::ship_missing);
  CHECK(h.set_ocean(0, no_touch) == OceanRefusal::other_touching_rule);
  CHECK(h.set_ocean(0, shot) == OceanRefusal::shot_at);
  CHECK(h.set_ocean(1, other) == OceanRefusal::other_board_or_fleet);
  CHECK(to_string(OceanRefusal::ship_missing) == "the ocean has a ship missing");
  CHECK(to_string(OceanRefusal::other_touching_rule) ==
        "the ocean was placed under another touching rule");
  CHECK(to_string(OceanRefusal::shot_at) == "the ocean has been shot at");
  CHECK(to_string(OceanRefusal::other_board_or_fleet) == "the ocean is for another board or fleet");
  CHECK(to_string(OceanRefusal::play_started) == "fleets cannot change once play has started");
  // Nothing changed: the match is still to be played, with the ocean given first.
  CHECK(h.outcome().end == GameEnd::in_progress);
  CHECK(h.ocean(0) == before);
  CHECK(h.ocean(1).occupied().none());
  CHECK(h.set_ocean(1, placed) == OceanRefusal::none);
  CHECK(h.play_to_end().winner == 0);
}

TEST_CASE("once the first turn is played set_ocean refuses even a good ocean and changes nothing",
          "[game]") {
  const Board<S> board;
  Ocean<S> placed(board, pair_fleet);
  top_layout(placed);
  Game<S> g(board, pair_fleet, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  REQUIRE(g.set_ocean(0, placed) == OceanRefusal::none);
  REQUIRE(g.set_ocean(1, placed) == OceanRefusal::none);
  g.play_turn();
  const Ocean<S> after_turn = g.ocean(1);
  CHECK(g.set_ocean(1, placed) == OceanRefusal::play_started);
  CHECK(g.ocean(1) == after_turn); // the shot of the first turn is still there
  CHECK(g.outcome().end == GameEnd::in_progress);
}

TEST_CASE("a game is a function of its seed, and reset replays it", "[game]") {
  using C = ClassicShape;
  auto play = [](Game<C, NullObserver, RandomShooter<C>, HuntTargetShooter<C>>& g) {
    UniformPlacer<C> placer;
    REQUIRE(g.place(0, placer));
    REQUIRE(g.place(1, placer));
    return g.play_to_end();
  };
  Game<C, NullObserver, RandomShooter<C>, HuntTargetShooter<C>> a(Board<C>{}, fleets::classic,
                                                                  rulesets::classic, {}, {}, 99);
  Game<C, NullObserver, RandomShooter<C>, HuntTargetShooter<C>> b(Board<C>{}, fleets::classic,
                                                                  rulesets::classic, {}, {}, 7);
  const GameOutcome first = play(a);
  const auto layout = a.ocean(1).occupied();
  play(b);
  b.reset(99);
  CHECK(b.seed() == 99);
  CHECK_FALSE(b.is_over());
  CHECK(b.ocean(0).occupied().none());
  CHECK(play(b) == first);
  CHECK(b.ocean(1).occupied() == layout);
  CHECK(b.ocean(0) == a.ocean(0));
}

namespace {
/// Checks the properties of every game it watches.
struct Referee {
  std::array<std::set<std::pair<int, int>>, 2> fired;
  int invalid = 0;
  void on_shot(int player, Coord c, const ShotOutcome& full, const ShotOutcome&) {
    if (!full.valid()) {
      ++invalid;
      return;
    }
    if (!fired[static_cast<std::size_t>(player)].insert({c.row, c.col}).second) ++invalid;
  }
};

/// How the games of `check_random_games` ended, so a caller can see both branches ran.
struct Ends {
  int wins = 0;
  int draws = 0;
};

template <class A, class B>
Ends check_random_games(const Rules& rules, int games) {
  Ends ends;
  using C = ClassicShape;
  Game<C, Referee, A, B> g(Board<C>{}, fleets::classic, rules, A{}, B{});
  UniformPlacer<C> placer;
  for (int seed = 0; seed < games; ++seed) {
    g.reset(static_cast<std::uint64_t>(seed));
    Referee ref;
    g.observe(&ref);
    REQUIRE(g.place(0, placer));
    REQUIRE(g.place(1, placer));
    const auto& out = g.play_to_end();
    // A shooter never fires at a cell it already shot, so no shot is ever invalid.
    REQUIRE(ref.invalid == 0);
    REQUIRE(out.end != GameEnd::aborted);
    // Each game ends within rows x cols shots per player.
    REQUIRE(out.shots[0] <= 100);
    REQUIRE(out.shots[1] <= 100);
    REQUIRE(g.view(0).shots_fired() == out.shots[0]);
    REQUIRE(static_cast<int>(ref.fired[1].size()) == out.shots[1]);
    if (out.end == GameEnd::win) {
      ++ends.wins;
      // A win means every ship of the loser sunk, and the winner's fleet afloat.
      REQUIRE(g.ocean(1 - out.winner).all_sunk());
      REQUIRE_FALSE(g.ocean(out.winner).all_sunk());
      for (int ship = 0; ship < fleets::classic.ship_count(); ++ship)
        REQUIRE(g.ocean(1 - out.winner).is_sunk(ship));
    } else {
      REQUIRE(out.end == GameEnd::draw);
      const bool both_sunk = g.ocean(0).all_sunk() && g.ocean(1).all_sunk();
      const bool capped =
          rules.shot_cap > 0 && out.shots[0] == rules.shot_cap && out.shots[1] == rules.shot_cap;
      REQUIRE((both_sunk || capped));
      ++ends.draws;
    }
  }
  return ends;
}
} // namespace

TEST_CASE("thousands of random games keep the rules under every volley rule", "[game][property]") {
  using C = ClassicShape;
  using R = RandomShooter<C>;
  using H = HuntTargetShooter<C>;
  using P = ParityShooter<C>;
  CHECK(check_random_games<R, R>(rulesets::classic, 1000).wins == 1000); // one shot a turn
  check_random_games<H, P>(rulesets::classic, 500);
  Rules bbm = rulesets::bbm103;
  check_random_games<P, R>(bbm, 500);
  check_random_games<R, H>(rulesets::salvo, 300);
  check_random_games<H, H>(rulesets::russian, 300); // no contact, until a miss
  Rules salvo3 = with_volley(Volley::fixed_salvo, 3);
  salvo3.disclosure = Disclosure::hit_only;
  check_random_games<P, H>(salvo3, 300);
  Rules capped = rulesets::classic;
  capped.shot_cap = 60; // parity needs about 60 shots, random about 95: some games are drawn
  const Ends random_parity = check_random_games<R, P>(capped, 300);
  const Ends parity_parity = check_random_games<P, P>(capped, 300);
  CHECK(random_parity.wins > 0);
  CHECK(random_parity.draws > 0);
  CHECK(parity_parity.wins > 0);
  CHECK(parity_parity.draws > 0);
}

TEST_CASE("under until_miss the volley that sinks the last ship ends the match at once", "[game]") {
  // Played volley by volley, as a GUI or the duel environment plays: the winner is not asked for
  // another cell (playing turn by turn hid it).
  Rules rules = rulesets::classic;
  rules.volley = Volley::until_miss;
  auto g = reading_game<NullObserver, ReadingOrder, ReadingOrder>(rules);
  // Player 0: (0,0) hit, (0,1) sunk, (0,2) miss; player 1 the same; player 0: (0,3) miss;
  // player 1: (0,3) miss; player 0: (1,0), (1,1), (1,2) sinks the Three, its last ship.
  while (!std::as_const(g).ocean(1).all_sunk()) g.play_volley();
  CHECK(g.view(0).shots_fired() == 7);
  CHECK(g.is_over());
  CHECK(g.outcome().end == GameEnd::win);
  CHECK(g.outcome().winner == 0);
  CHECK_FALSE(g.turn_under_way());
  CHECK(g.next_volley_size() == 0);
}

TEST_CASE("reset starts the count of invalid shots in a row afresh", "[game]") {
  Rules rules = rulesets::classic;
  rules.invalid_shot = InvalidShot::forfeits;
  rules.max_invalid_in_a_row = 3;
  auto g = reading_game<NullObserver, Stubborn, ReadingOrder>(rules, Stubborn{{9, 9}});
  g.play_round(); // player 0 forfeits a shot (off the board)
  g.play_round(); // and another: 2 in a row, under the limit of 3
  REQUIRE_FALSE(g.is_over());
  g.abort("the users start again");
  g.reset(7);
  top_layout(g.ocean(0));
  top_layout(g.ocean(1));
  g.play_round(); // the new match's first forfeit: 1 in a row, not 3
  CHECK_FALSE(g.is_over());
  g.play_round();
  CHECK_FALSE(g.is_over());
  g.play_round(); // the third in a row of this match
  CHECK(g.is_over());
  CHECK(g.outcome().end == GameEnd::aborted);
}

TEST_CASE("a match that is over takes no new fleet from a placer", "[game]") {
  auto g = reading_game<NullObserver, ReadingOrder, ReadingOrder>(rulesets::classic);
  g.abort("the user quit");
  CHECK_FALSE(g.place(0, UniformPlacer<S>{}));
  CHECK(std::as_const(g).ocean(0).placement(1) == Placement{{1, 0}, Orientation::horizontal, 3});
}

} // namespace test_game
