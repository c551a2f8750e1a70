#include "catch_shim.hpp"

#include <battleship/forfeit.hpp>
#include <battleship/game_record.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/registry.hpp>
#include <battleship/strategies/hunt_target.hpp>
#include <battleship/strategies/random.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace test_game_record {

using namespace battleship;
using C = ClassicShape;

namespace {
/// Names every cell twice in a row (a repeat, refused or forfeited), in random order.
template <BoardShape S>
struct Echo {
  RandomShooter<S> inner;
  Coord last{-1, -1};
  bool repeat = false;
  void start(const TargetView<S>& v) { inner.start(v); }
  Coord next_shot(const TargetView<S>& v, Rng& rng) {
    repeat = !repeat;
    if (!repeat) return last;
    return last = inner.next_shot(v, rng);
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};
struct NoPlacer {
  bool place(Ocean<C>&, Rng&) { return false; }
};

/// Plays one game of `a` against `b` under `rules` and returns its record.
template <class A, class B, class Placer = UniformPlacer<C>>
GameRecord play(const Rules& rules, std::uint64_t seed, const Fleet& fleet = fleets::classic,
                int rounds = -1) {
  Game<C, GameRecorder<C>, A, B> g(Board<C>{}, fleet, rules, A{}, B{}, seed);
  GameRecorder<C> recorder;
  g.observe(&recorder);
  Placer placer;
  UniformPlacer<C> uniform;
  if (g.place(0, uniform)) g.place(1, placer);
  if (rounds < 0)
    g.play_to_end();
  else
    for (int r = 0; r < rounds; ++r) g.play_round();
  return make_record(g, recorder.shots(), {"first player", "second"});
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}
std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}
/// The 1-based number of the first line starting with `prefix` at or after line `from`.
int line_starting(const std::vector<std::string>& lines, const std::string& prefix, int from = 1) {
  for (int i = from - 1; i < static_cast<int>(lines.size()); ++i)
    if (lines[static_cast<std::size_t>(i)].rfind(prefix, 0) == 0) return i + 1;
  FAIL("no line starts with " << prefix);
  return 0;
}
} // namespace

TEST_CASE("recorded games replay exactly under every rule variant", "[record]") {
  using R = RandomShooter<C>;
  using H = HuntTargetShooter<C>;
  Rules salvo_refused = rulesets::classic;
  salvo_refused.volley = Volley::fixed_salvo;
  salvo_refused.salvo_size = 3;
  Rules salvo_forfeits = salvo_refused;
  salvo_forfeits.invalid_shot = InvalidShot::forfeits;
  salvo_forfeits.max_invalid_in_a_row = 1; // Echo's first repeat aborts the game
  Rules capped = rulesets::classic;
  capped.shot_cap = 40;
  std::vector<GameRecord> records;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    records.push_back(play<R, H>(rulesets::classic, seed));
    records.push_back(play<H, R>(rulesets::bbm103, seed, fleets::bbm103));
    records.push_back(play<H, H>(rulesets::russian, seed));
    records.push_back(play<R, R>(rulesets::salvo, seed));
    records.push_back(play<Echo<C>, H>(salvo_refused, seed));
    records.push_back(play<Echo<C>, R>(salvo_forfeits, seed));
    records.push_back(play<R, H>(capped, seed));
  }
  int draws = 0, aborted = 0;
  for (const GameRecord& r : records) {
    const ReplayResult<C> replayed = replay<C>(r);
    INFO(to_text(r));
    REQUIRE(replayed.ok());
    CHECK(replayed.outcome == r.outcome);
    CHECK(replayed.shots_replayed == r.shots.size());
    REQUIRE(replayed.oceans.size() == 2);
    CHECK(replayed.oceans[0].shots().count() + replayed.oceans[1].shots().count() ==
          static_cast<int>(r.outcome.shots[0] + r.outcome.shots[1]));
    draws += r.outcome.end == GameEnd::draw;
    aborted += r.outcome.end == GameEnd::aborted;
  }
  CHECK(draws > 0);     // the capped games
  CHECK(aborted == 20); // Echo under forfeits
}

TEST_CASE("a replay ends with the oceans the game ended with", "[record]") {
  using H = HuntTargetShooter<C>;
  Game<C, GameRecorder<C>, H, H> g(Board<C>{}, fleets::classic, rulesets::classic, H{}, H{}, 3);
  GameRecorder<C> recorder;
  g.observe(&recorder);
  REQUIRE(g.place(0, UniformPlacer<C>{}));
  REQUIRE(g.place(1, UniformPlacer<C>{}));
  g.play_to_end();
  const ReplayResult<C> r = replay<C>(make_record(g, recorder.shots()));
  REQUIRE(r.ok());
  CHECK(r.oceans[0] == g.ocean(0));
  CHECK(r.oceans[1] == g.ocean(1));
}

TEST_CASE("a match a player forfeited replays, whoever gave up and whenever", "[record]") {
  /// Hunts as hunt/target does, and gives the match up at its `at`-th cell (from 0).
  struct Quitter {
    HuntTargetShooter<C> inner;
    int at = 0;
    int named = 0;
    void start(const TargetView<C>& v) { inner.start(v); }
    Coord next_shot(const TargetView<C>& v, Rng& rng) {
      if (named++ == at) throw Forfeit("left the table");
      return inner.next_shot(v, rng);
    }
    void on_result(const TargetView<C>& v, Coord c, const ShotOutcome& o) {
      inner.on_result(v, c, o);
    }
  };
  for (const int player : {0, 1}) {
    for (const int at : {0, 2, 30}) {
      INFO("player " << player << " gives up at its cell " << at);
      Game<C, GameRecorder<C>> g(Board<C>{}, fleets::classic, rulesets::salvo,
                                 player == 0 ? AnyShotStrategy<C>(Quitter{{}, at})
                                             : AnyShotStrategy<C>(HuntTargetShooter<C>{}),
                                 player == 1 ? AnyShotStrategy<C>(Quitter{{}, at})
                                             : AnyShotStrategy<C>(HuntTargetShooter<C>{}),
                                 11);
      GameRecorder<C> recorder;
      g.observe(&recorder);
      REQUIRE(g.place(0, UniformPlacer<C>{}));
      REQUIRE(g.place(1, UniformPlacer<C>{}));
      g.play_to_end();
      REQUIRE(g.outcome().reason ==
              detail::concat("player ", player, " forfeited: left the table"));
      const ReplayResult<C> r = replay<C>(make_record(g, recorder.shots()));
      CHECK(r.ok());
      CHECK(r.outcome == g.outcome());
    }
  }
}

TEST_CASE("a game stopped early or aborted at placement replays too", "[record]") {
  const GameRecord partial =
      play<RandomShooter<C>, RandomShooter<C>>(rulesets::classic, 5, fleets::classic, 3);
  CHECK(partial.outcome.end == GameEnd::in_progress);
  CHECK(partial.outcome.rounds == 3);
  CHECK(partial.shots.size() == 6);
  CHECK(replay<C>(partial).ok());

  const GameRecord unplaced =
      play<RandomShooter<C>, RandomShooter<C>, NoPlacer>(rulesets::classic, 5);
  CHECK(unplaced.outcome.reason == "player 1 could not place its fleet");
  CHECK(unplaced.outcome.at_fault == 1);
  CHECK(to_text(unplaced).find("\nfault 1\nreason player 1 could not") != std::string::npos);
  CHECK(unplaced.layouts[1].empty());
  CHECK(unplaced.layouts[0].size() == 5);
  const ReplayResult<C> r = replay<C>(unplaced);
  CHECK(r.ok());
  CHECK(r.outcome == unplaced.outcome);
}

namespace {
/// Records every shot and ends the match by hand after `left` of them: a window closed in the
/// middle of a volley (a hook may call `Game::abort`).
struct QuitsAfter : GameObserver<C> {
  GameRecorder<C> recorder;
  Game<C, GameObserver<C>>* game = nullptr;
  int left = 0;
  void on_shot(int p, Coord c, const ShotOutcome& full, const ShotOutcome& told) override {
    recorder.on_shot(p, c, full, told);
    if (--left == 0) game->abort("the window was closed");
  }
};
} // namespace

TEST_CASE("a game a player resigned, or a hook ended inside a volley, replays to that abort",
          "[record][text]") {
  Rules salvo = rulesets::classic;
  salvo.volley = Volley::fixed_salvo;
  salvo.salvo_size = 3;
  for (const Rules& rules : {rulesets::classic, rulesets::cs32, salvo}) {
    // Between rounds: player 1 resigns after five.
    Game<C, GameObserver<C>> resigned(Board<C>{}, fleets::classic, rules, make_shooter<C>("random"),
                                      make_shooter<C>("parity"), 5);
    GameRecorder<C> recorder;
    resigned.observe(&recorder);
    REQUIRE(resigned.place(0, UniformPlacer<C>{}));
    REQUIRE(resigned.place(1, UniformPlacer<C>{}));
    for (int i = 0; i < 5; ++i) resigned.play_round();
    resigned.abort("player 1 resigns", 1);
    const GameRecord record = make_record(resigned, recorder.shots());
    const ReplayResult<C> again = replay<C>(record);
    INFO((again.mismatch ? again.mismatch->problem : std::string("no mismatch")));
    CHECK(again.ok());
    CHECK(again.outcome == record.outcome);
    const RecordCheck checked = check_record<C>(to_text(record));
    INFO(checked.error);
    CHECK(checked.ok);
  }
  // Inside player 0's third volley of three (its eighth shot).
  Game<C, GameObserver<C>> closed(Board<C>{}, fleets::classic, salvo, make_shooter<C>("random"),
                                  make_shooter<C>("parity"), 5);
  QuitsAfter quit;
  quit.game = &closed;
  quit.left = 8;
  closed.observe(&quit);
  REQUIRE(closed.place(0, UniformPlacer<C>{}));
  REQUIRE(closed.place(1, UniformPlacer<C>{}));
  closed.play_to_end();
  const GameRecord record = make_record(closed, quit.recorder.shots());
  REQUIRE(record.outcome.end == GameEnd::aborted);
  CHECK(record.shots.size() == 8);
  const ReplayResult<C> again = replay<C>(record);
  INFO((again.mismatch ? again.mismatch->problem : std::string("no mismatch")));
  CHECK(again.ok());
  CHECK(again.outcome == record.outcome);
  // A record cut short is still caught: its last shot gone, the replay does not end as it says.
  GameRecord cut = record;
  cut.shots.pop_back();
  CHECK_FALSE(replay<C>(cut).ok());
}

TEST_CASE("a record survives the text format unchanged", "[record][text]") {
  GameRecord r = play<HuntTargetShooter<C>, Echo<C>>(rulesets::bbm103, 9, fleets::bbm103);
  r.players = {"Ömer's hunter", "echo 2"};
  const std::string text = to_text(r);
  const RecordParse parsed = parse_record(text);
  INFO(parsed.error);
  REQUIRE(parsed);
  CHECK(*parsed.record == r);
  CHECK(to_text(*parsed.record) == text);
  CHECK(parsed.shot_lines.size() == r.shots.size());
  // Comments, blank lines and trailing blanks are allowed.
  const RecordParse commented = parse_record("# a game\n\n" + text + "\n# the end\n");
  REQUIRE(commented);
  CHECK(*commented.record == r);
  // A file saved by an editor that starts it with a UTF-8 byte-order mark, as the layout and
  // results readers take one; anywhere else it is text the line does not allow.
  const RecordParse marked = parse_record("\xEF\xBB\xBF" + text);
  REQUIRE(marked);
  CHECK(*marked.record == r);
  CHECK_FALSE(parse_record("\n\xEF\xBB\xBF" + text));
}

TEST_CASE("to_text writes every record so that parse_record reads it back", "[record][text]") {
  // Blank names and reasons, and control characters the reader refuses, were written as they
  // were: a record to_text wrote that parse_record refused.
  GameRecord r = play<RandomShooter<C>, RandomShooter<C>>(rulesets::classic, 4);
  r.players = {"   ", "Ann\x1b[31m red\x7f"};
  r.outcome.end = GameEnd::aborted;
  r.outcome.winner = -1;
  r.outcome.reason = " ";
  GameRecord named = r; // the classic fleet, two of its classes renamed
  named.fleet = Fleet{};
  for (int i = 0; i < r.fleet.class_count(); ++i) {
    ShipClass c = r.fleet.ship_class(i);
    if (i == 0) c.name = std::string_view("Tw\x7fo");
    if (i == 1) c.name = std::string_view("\t");
    named.fleet.add(c);
  }
  for (const GameRecord& record : {r, named}) {
    const RecordParse parsed = parse_record(to_text(record));
    INFO(to_text(record) << parsed.error);
    REQUIRE(parsed);
    CHECK(parsed.record->players[0].empty());
    CHECK(parsed.record->players[1] == "Ann [31m red");
    CHECK(parsed.record->outcome.reason.empty());
    CHECK(to_text(*parsed.record) == to_text(record)); // read back, written the same
  }
  const RecordParse parsed = parse_record(to_text(named));
  REQUIRE(parsed);
  CHECK(parsed.record->fleet.ship_class(0).name.view() == "Tw o");
  CHECK(parsed.record->fleet.ship_class(1).name.view() ==
        std::string(1, r.fleet.ship_class(1).symbol)); // a blank name: its symbol
}

TEST_CASE("records differing in any field are unequal", "[record]") {
  const GameRecord base = play<RandomShooter<C>, RandomShooter<C>>(rulesets::classic, 1);
  CHECK(base == base);
  std::vector<GameRecord> changed(8, base);
  changed[0].rows = 11;
  changed[1].fleet = fleets::hasbro;
  changed[2].rules.equalising_shot = true;
  changed[3].seed = 2;
  changed[4].players[1] = "someone else";
  changed[5].layouts[0][0].origin.col += 1;
  changed[6].shots[3].outcome.result = ShotResult::hit;
  changed[7].outcome.rounds += 1;
  for (const GameRecord& c : changed) CHECK_FALSE(c == base);
}

TEST_CASE("a tampered record is rejected naming the line", "[record][text]") {
  const GameRecord r = play<HuntTargetShooter<C>, RandomShooter<C>>(rulesets::classic, 4);
  const std::string text = to_text(r);
  REQUIRE(check_record<C>(text).ok);
  const auto lines = lines_of(text);
  const int first_shot = line_starting(lines, "shot 0 "); // player 0 moves first
  const int outcome = line_starting(lines, "outcome ");
  // Checks the record with `edit` applied to its lines; returns the verdict.
  auto tampered = [&](auto edit) {
    auto t = lines;
    edit(t);
    const RecordCheck c = check_record<C>(join(t));
    CHECK_FALSE(c.ok);
    return c;
  };
  auto line = [](std::vector<std::string>& t, int number) -> std::string& {
    return t[static_cast<std::size_t>(number - 1)];
  };

  SECTION("a shot whose outcome the ocean contradicts") {
    // Claim that player 0's first miss sank ship 4.
    int miss = first_shot;
    while (lines[static_cast<std::size_t>(miss - 1)].find(" miss") == std::string::npos) ++miss;
    const RecordCheck c = tampered([&](auto& t) {
      std::string& l = line(t, miss);
      l.replace(l.find(" miss"), 5, " sunk 4");
    });
    CHECK(c.line == miss);
    CHECK(c.error.rfind("line " + std::to_string(miss) + ": shot ", 0) == 0);
  }
  SECTION("a shot left out puts the next one out of turn") {
    // Player 1's first shot (the next line) goes; player 0's second takes its line.
    CHECK(tampered([&](auto& t) { t.erase(t.begin() + first_shot); }).line == first_shot + 1);
  }
  SECTION("a shot moved onto a cell already shot") {
    // Player 0's second shot repeats its first: refused, which the record does not say.
    const int second = line_starting(lines, "shot 0 ", first_shot + 1);
    CHECK(tampered([&](auto& t) { line(t, second) = line(t, first_shot); }).line == second);
  }
  SECTION("a ship placed over another") {
    // Put ship 1 where ship 0 lies: "place 0 0 r c o" becomes "place 0 1 r c o".
    const int place1 = line_starting(lines, "place 0 1 ");
    const RecordCheck c = tampered([&](auto& t) {
      line(t, place1) = "place 0 1 " + line(t, line_starting(lines, "place 0 0 ")).substr(10);
    });
    CHECK(c.line == place1);
    CHECK(c.error.find("overlap") != std::string::npos);
  }
  SECTION("a wrong outcome") {
    CHECK(tampered([&](auto& t) { line(t, outcome) = "outcome draw -1 1 1 1"; }).line == outcome);
  }
  SECTION("an extra shot after the end of the game") {
    const RecordCheck c =
        tampered([&](auto& t) { t.insert(t.begin() + (outcome - 1), "shot 1 9 9 miss"); });
    CHECK(c.line == outcome);
    CHECK(c.error.find("more shots") != std::string::npos);
  }
  SECTION("a record cut short") {
    const RecordCheck c = tampered([](auto& t) { t.pop_back(); }); // "end"
    CHECK(c.line == static_cast<int>(lines.size()));
    CHECK(c.error.find("ends before its 'end' line") != std::string::npos);
  }
}

TEST_CASE("the parser names the line and the problem of every malformed record", "[record][text]") {
  const std::string head = "battleship-record 1\nboard 4 4\nship 2 1 T Two\n"
                           "rules touching=allowed disclosure=sunk_with_name volley=single "
                           "salvo_size=1 equalising_shot=no invalid_shot=refused "
                           "max_invalid_in_a_row=100 shot_cap=0\nseed 7\n";
  const std::string tail = "outcome in_progress -1 0 0 0\nend\n";
  REQUIRE(parse_record(head + tail));
  struct Case {
    std::string text;
    int line;
    std::string says;
  };
  const std::vector<Case> cases{
      {"", 1, "ends before"},
      {"battleship-record 2\n", 1, "format version"},
      {"board 4 4\n", 1, "starts with"},
      {"battleship-record 1\nboard 4\n", 2, "missing columns"},
      {"battleship-record 1\nboard 4 x\n", 2, "whole number"},
      {"battleship-record 1\nboard 0 4\n", 2, "between 1 and 67108864, got 0"},
      {"battleship-record 1\nboard 99999999999 4\n", 2, "between 1 and 67108864, got 99999999999"},
      {"battleship-record 1\nboard 8192 8193\n", 2, "at most 67108864 cells, got 8192 x 8193"},
      // What the file holds is quoted, control characters escaped (not sent to the terminal).
      {"battleship-record 1\n\x1b]0;title\a\n", 2, "unknown line '\\x1b]0;title\\x07'"},
      {"battleship-record 1\nseed 1\x1b[31m\n", 2, "got '1\\x1b[31m'"},
      {"battleship-record\t1\r\rboard 4 4\n", 1, "got '1\\r\\rboard'"}, // an old Mac file
      {"battleship-record 1\nboard 4 4 4\n", 2, "unexpected text"},
      {"battleship-record 1\nboard 4 4\nboard 4 4\n", 3, "second 'board'"},
      {"battleship-record 1\nship 2 1 TT Two\n", 2, "one character"},
      {"battleship-record 1\nship 2 1 T\n", 2, "name"},
      {"battleship-record 1\nrules touching=allowed\n", 2, "'disclosure' is missing"},
      {"battleship-record 1\nrules touching=sometimes\n", 2, "unknown value 'sometimes'"},
      {"battleship-record 1\nrules colour=red\n", 2, "unknown rule 'colour'"},
      {"battleship-record 1\nrules touching\n", 2, "key=value"},
      {"battleship-record 1\nrules touching=allowed touching=allowed\n", 2, "given twice"},
      {"battleship-record 1\nseed -1\n", 2, "whole number"},
      {"battleship-record 1\nseed 12x\n", 2, "the seed must be a whole number, got '12x'"},
      {"battleship-record 1\nwhat 1\n", 2, "unknown line 'what'"},
      {"battleship-record 1\nboard 4 4\nplace 0 0 0 0 h\n", 3, "'ship' lines are missing"},
      {head + "place 0 1 0 0 h\n", 6, "the ship must be between 0 and 0"},
      {head + "place 0 0 0 0 d\n", 6, "h or v"},
      {head + "place 0 0 4 0 h\n", 6, "the row must be between 0 and 3"},
      {head + "place 0 0 0 0 h\nplace 0 0 1 0 h\n", 7, "placed twice"},
      {head + "place 2 0 0 0 h\n", 6, "the player must be between 0 and 1"},
      {head + "shot 0 1 1 splash\n", 6, "miss, hit, sunk or invalid"},
      {head + "shot 0 1 1 hit\n", 6, "missing the ship"},
      {head + "shot 0 1 1 invalid maybe\n", 6, "off_board or already_shot"},
      {head + "shot 0 1 1 miss\nplace 0 0 0 0 h\n", 7, "before 'shot'"},
      {head + "place 0 0 0 0 h\nship 3 1 H Three\n", 7, "before 'place' and 'shot'"},
      {head + "place 0 0 0 0 h\nplayer 0 Ann\n", 7, "'player' lines come before 'place'"},
      {"battleship-record 1\nship 2 1 T " + std::string(32, 'n') + "\n", 2,
       "a ship name has at most 31 bytes"},
      {"battleship-record 1\nship 2 1 T Two\nplace 0 0 0 0 h\n", 3, "the 'board' line is missing"},
      {"battleship-record 1\nboard 4 4\nship 2 1 T Two\nseed 7\nplace 0 0 0 0 h\n", 5,
       "the 'rules' line is missing"},
      {"battleship-record 1\nboard 4 4\nship 2 1 T Two\nrules touching=allowed "
       "disclosure=sunk_with_name volley=single salvo_size=1 equalising_shot=no "
       "invalid_shot=refused max_invalid_in_a_row=100 shot_cap=0\nplace 0 0 0 0 h\n",
       5, "the 'seed' line is missing"},
      // Two ships (count 2), one placed: found where the places end, at the outcome line.
      {std::string(head).replace(head.find("ship 2 1"), 8, "ship 2 2") + "place 0 0 0 0 h\n" + tail,
       7, "player 0's layout lacks some ships; give all or none"},
      {head + "outcome win -1 0 0 0\nend\n", 6, "winner 0 or 1"},
      {head + "outcome lost -1 0 0 0\nend\n", 6, "in_progress, win, draw or aborted"},
      {head + tail + "shot 0 1 1 miss\n", 8, "after 'end'"},
      {head + "reason none\n" + tail, 6, "right after the 'outcome'"},
      {head + "outcome draw -1 0 0 0\noutcome draw -1 0 0 0\nend\n", 7, "second 'outcome'"},
      {head + "outcome draw -1 0 0 0\nfault 0\nend\n", 7, "only an aborted game"},
      {"battleship-record 1\nship 2 1 T Tw\ro\n", 2,
       "the ship's name has a control character (13)"},
      {head + "player 0 a\x01 b\n", 6, "the player's name has a control character (1)"},
      // A tab inside a name: the writer makes it a blank, so the record would not come back.
      {head + "player 0 hunt\ttarget\n", 6, "the player's name has a control character (9)"},
      {head + "player 0 a\x7f b\n", 6, "the player's name has a control character (127)"},
      {head + "outcome aborted -1 0 0 0\nreason a\x1b b\nend\n", 7,
       "the reason has a control character (27)"},
      {head + "player 1   \n", 6, "missing the player's name"},
      {head + "outcome aborted -1 0 0 0\nfault 2\nend\n", 7, "between 0 and 1"},
      {head + "outcome aborted -1 0 0 0\nfault\nend\n", 7, "missing the player at fault"},
      {head + "outcome aborted -1 0 0 0\nfault 0 0\nend\n", 7, "unexpected text"},
      {head + "outcome aborted -1 0 0 0\nreason why\nfault 0\nend\n", 8, "right after"},
      {head + "outcome aborted -1 0 0 0\nfault 0\noutcome aborted -1 0 0 0\nend\n", 8,
       "second 'outcome'"},
      {head + "outcome aborted -1 0 0 0\nreason why\noutcome aborted -1 0 0 0\nend\n", 8,
       "second 'outcome'"},
      {"battleship-record 1\nboard 4 4\nship 2 1 X Two\nrules touching=allowed "
       "disclosure=sunk_with_name volley=single salvo_size=1 equalising_shot=no "
       "invalid_shot=refused max_invalid_in_a_row=100 shot_cap=0\nseed 7\n" +
           tail,
       3, "symbol 'X'"}, // on the ship's own line, not where the fleet is first used
      {"battleship-record 1\nboard 4 4\nship 300 1 T Long\n", 3, "length"},
      {"battleship-record 1\nboard 4 4\nship 2 1 T Two\nship 3 1 T Three\n", 4,
       "'Three' uses the symbol 'T' already used by 'Two'"},
      {"battleship-record 1\nboard 8 8\nship 1 20 A Ones\nship 1 13 B More\n", 4,
       "the fleet has 33 ships; at most 32 are supported"},
      {head + "player 0 Ann\nplayer 0 Bob\n", 7, "a second 'player 0' line"},
      {"battleship-record 1\nrules touching=allowed disclosure=sunk_with_name volley=single "
       "salvo_size=2 equalising_shot=no invalid_shot=refused max_invalid_in_a_row=100 "
       "shot_cap=0\n",
       2, "not a fixed salvo"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const RecordParse p = parse_record(c.text);
    CHECK_FALSE(p);
    CHECK(p.line == c.line);
    CHECK(p.error.rfind("line " + std::to_string(c.line) + ": ", 0) == 0);
    CHECK(p.error.find(c.says) != std::string::npos);
  }
}

TEST_CASE("a record for another board size is refused by a fixed-size replay, not a dynamic one",
          "[record]") {
  GameRecord r = play<RandomShooter<C>, RandomShooter<C>>(rulesets::classic, 2);
  const ReplayResult<FixedShape<8, 8>> wrong = replay<FixedShape<8, 8>>(r);
  REQUIRE_FALSE(wrong.ok());
  CHECK(wrong.mismatch->shot == ReplayMismatch::setup);
  CHECK(wrong.mismatch->part == ReplayMismatch::Part::board);
  CHECK(wrong.mismatch->problem.find("10 x 10") != std::string::npos);
  CHECK(wrong.oceans.empty());
  CHECK(replay<DynamicShape<128>>(r).ok());
  const auto too_small = replay<DynamicShape<64>>(r);
  REQUIRE_FALSE(too_small.ok());
  CHECK(too_small.mismatch->problem.find("capacity") != std::string::npos);
  // check_record blames the board line (line 2), not the header: the size is what is wrong.
  const RecordCheck checked = check_record<FixedShape<8, 8>>(to_text(r));
  CHECK_FALSE(checked.ok);
  CHECK(checked.line == 2);
  CHECK(checked.error.rfind("line 2: ", 0) == 0);
  // A fleet that cannot fit its board (a game aborted before its placements) is blamed there too.
  GameRecord unplaced = play<RandomShooter<C>, RandomShooter<C>, NoPlacer>(rulesets::classic, 5);
  unplaced.layouts[0].clear();
  unplaced.outcome.reason = "player 0 could not place its fleet";
  unplaced.outcome.at_fault = 0;
  unplaced.rows = unplaced.cols = 4;
  const RecordCheck crowded = check_record<DynamicShape<128>>(to_text(unplaced));
  INFO(crowded.error);
  CHECK(crowded.line == 2);
  CHECK(crowded.error.find("does not fit") != std::string::npos);
}

TEST_CASE("the parser never crashes on mangled records", "[record][text][fuzz]") {
  const std::string text =
      to_text(play<HuntTargetShooter<C>, Echo<C>>(rulesets::bbm103, 12, fleets::bbm103));
  Rng rng(2024);
  const std::string alphabet = " \n-0123456789abhsvx=#";
  int parsed = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string t = text;
    const int edits = 1 + rng.below(4);
    for (int e = 0; e < edits && !t.empty(); ++e) {
      const auto at = static_cast<std::size_t>(rng.below(static_cast<int>(t.size())));
      const char c =
          rng.chance(0.5)
              ? alphabet[static_cast<std::size_t>(rng.below(static_cast<int>(alphabet.size())))]
              : static_cast<char>(rng.below(256));
      switch (rng.below(3)) {
      case 0: t[at] = c; break;
      case 1: t.erase(at, 1 + static_cast<std::size_t>(rng.below(20))); break;
      default: t.insert(at, 1, c); break;
      }
    }
    const RecordCheck check = check_record<DynamicShape<128>>(t);
    if (check.ok) {
      ++parsed;
      continue;
    }
    REQUIRE(check.line >= 1);
    REQUIRE(check.error.rfind("line " + std::to_string(check.line) + ": ", 0) == 0);
  }
  CHECK(parsed < 3000); // most mangled records are refused
}

TEST_CASE("a shot credited to the wrong player is caught even when its cell and outcome match",
          "[record]") {
  using S = FixedShape<4, 4>;
  struct ReadingOrder {
    void start(const TargetView<S>&) {}
    Coord next_shot(const TargetView<S>& v, Rng&) { return v.board().coord(v.open().first()); }
    void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
  };
  const Fleet two{{"Two", 'T', 2, 1}};
  Game<S, GameRecorder<S>> g(Board<S>{}, two, rulesets::classic, ReadingOrder{}, ReadingOrder{});
  for (int p = 0; p < 2; ++p)
    REQUIRE(g.ocean(p).place(0, {3, 2}, Orientation::horizontal) == PlacementRefusal::none);
  GameRecorder<S> recorder;
  g.observe(&recorder);
  g.play_to_end();
  GameRecord r = make_record(g, recorder.shots());
  REQUIRE(replay<S>(r).ok());
  // Both players open with a miss at (0,0): swap who fired them.
  REQUIRE(r.shots[0].cell == r.shots[1].cell);
  REQUIRE(r.shots[0].outcome == r.shots[1].outcome);
  std::swap(r.shots[0].player, r.shots[1].player);
  const ReplayResult<S> swapped = replay<S>(r);
  REQUIRE_FALSE(swapped.ok());
  CHECK(swapped.mismatch->shot == 0);
}

TEST_CASE("record lines out of their order are refused naming the line and the order",
          "[record][text]") {
  const std::string head = "battleship-record 1\nboard 4 4\nship 2 1 T Two\n"
                           "rules touching=allowed disclosure=sunk_with_name volley=single "
                           "salvo_size=1 equalising_shot=no invalid_shot=refused "
                           "max_invalid_in_a_row=100 shot_cap=0\nseed 7\n";
  REQUIRE(parse_record(head + "outcome in_progress -1 0 0 0\nend\n"));
  struct Case {
    std::string text;
    std::string error; // the whole message
  };
  const std::vector<Case> cases{
      {head + "outcome draw -1 0 0 0\nshot 0 1 1 miss\nend\n",
       "line 7: 'shot' lines come before the 'outcome' line"},
      {head + "outcome aborted -1 0 0 0\nfault 0\nreason gone\nshot 0 1 1 miss\nend\n",
       "line 9: 'shot' lines come before the 'outcome' line"},
      {head + "end\n", "line 6: 'end' comes after the 'outcome' line"},
      {head + "place 0 0 0 0 h\nshot 0 1 1 miss\nend\n",
       "line 8: 'end' comes after the 'outcome' line"},
      {head + "place 0 0 0 0 h\nboard 4 4\n",
       "line 7: 'board' comes before the 'place', 'shot' and 'outcome' lines"},
      {head + "shot 0 1 1 miss\nrules touching=allowed\n",
       "line 7: 'rules' comes before the 'place', 'shot' and 'outcome' lines"},
      {head + "outcome draw -1 0 0 0\nseed 8\nend\n",
       "line 7: 'seed' comes before the 'place', 'shot' and 'outcome' lines"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const RecordParse p = parse_record(c.text);
    CHECK_FALSE(p.record.has_value());
    CHECK(p.error == c.error);
    CHECK(p.line == std::stoi(c.error.substr(5)));
  }
}

TEST_CASE("a record of more ship classes than a fleet holds is refused at the class too many",
          "[record][text]") {
  const std::string rest = "rules touching=allowed disclosure=sunk_with_name volley=single "
                           "salvo_size=1 equalising_shot=no invalid_shot=refused "
                           "max_invalid_in_a_row=100 shot_cap=0\nseed 7\n"
                           "outcome in_progress -1 0 0 0\nend\n";
  std::string classes;
  for (int k = 0; k < max_ship_classes; ++k)
    classes += "ship 1 1 " + std::string(1, static_cast<char>('A' + k)) + " Class " +
               std::to_string(k) + "\n";
  // As many classes as a fleet holds: read, every class kept.
  const RecordParse full = parse_record("battleship-record 1\nboard 8 8\n" + classes + rest);
  INFO(full.error);
  REQUIRE(full);
  CHECK(full.record->fleet.class_count() == max_ship_classes);
  // One more: refused on its own line (header and board are lines 1 and 2).
  const RecordParse over =
      parse_record("battleship-record 1\nboard 8 8\n" + classes + "ship 1 1 Z Extra\n" + rest);
  CHECK_FALSE(over.record.has_value());
  CHECK(over.line == 2 + max_ship_classes + 1);
  CHECK(over.error == "line " + std::to_string(2 + max_ship_classes + 1) +
                          ": a fleet has at most " + std::to_string(max_ship_classes) +
                          " ship classes");
}

TEST_CASE("a record whose shots end before its game does is caught at the first shot it lacks",
          "[record]") {
  GameRecord r = play<HuntTargetShooter<C>, RandomShooter<C>>(rulesets::classic, 4);
  REQUIRE(r.outcome.end == GameEnd::win);
  REQUIRE(replay<C>(r).ok());
  const RecordedShot last = r.shots.back(); // the winning shot
  REQUIRE(last.player == r.outcome.winner);
  r.shots.pop_back();
  const ReplayResult<C> cut = replay<C>(r);
  REQUIRE_FALSE(cut.ok());
  // The winner fires again, with nothing left in the record: its scripted shooter names a cell
  // off the board, and that shot is the first the record does not have.
  CHECK(cut.mismatch->shot == r.shots.size());
  CHECK(cut.mismatch->problem == "the record has no more shots, but the game goes on (player " +
                                     std::to_string(last.player) + " at -1 -1: invalid off_board)");
  CHECK(cut.shots_replayed == r.shots.size());
  // As text: the problem is put on the outcome line.
  const RecordParse parsed = parse_record(to_text(r));
  REQUIRE(parsed);
  const RecordCheck check = check_record<C>(to_text(r));
  CHECK_FALSE(check.ok);
  CHECK(check.line == parsed.outcome_line);
  CHECK(check.error ==
        "line " + std::to_string(parsed.outcome_line) + ": " + cut.mismatch->problem);
}

TEST_CASE("a replay refuses layouts that do not match the fleet, before any shot", "[record]") {
  const GameRecord r = play<RandomShooter<C>, RandomShooter<C>>(rulesets::classic, 6);
  REQUIRE(replay<C>(r).ok());
  const int ships = r.fleet.ship_count();
  auto refused = [](const GameRecord& record) {
    const ReplayResult<C> result = replay<C>(record);
    REQUIRE_FALSE(result.ok());
    CHECK(result.mismatch->shot == ReplayMismatch::setup);
    CHECK(result.mismatch->player == -1);
    CHECK(result.oceans.empty()); // nothing was played
    CHECK(result.shots_replayed == 0);
    return result.mismatch->problem;
  };
  GameRecord fewer = r;
  fewer.layouts[0].pop_back();
  CHECK(refused(fewer) == "player 0's layout has " + std::to_string(ships - 1) +
                              " ships; the fleet has " + std::to_string(ships));
  GameRecord more = r;
  more.layouts[1].push_back(more.layouts[1].front());
  CHECK(refused(more) == "player 1's layout has " + std::to_string(ships + 1) +
                             " ships; the fleet has " + std::to_string(ships));
}

TEST_CASE("a missing layout replays only as a game aborted before its first shot", "[record]") {
  const std::string why = "a player has no layout, but the record is not of a game aborted "
                          "before its first shot, nor of one taken before any shot";
  // A finished game with one layout taken away.
  GameRecord played = play<RandomShooter<C>, RandomShooter<C>>(rulesets::classic, 8);
  REQUIRE(played.outcome.end == GameEnd::win);
  played.layouts[1].clear();
  const ReplayResult<C> a = replay<C>(played);
  REQUIRE_FALSE(a.ok());
  CHECK(a.mismatch->shot == ReplayMismatch::setup);
  CHECK(a.mismatch->problem == why);
  CHECK(a.oceans.empty());
  // A game aborted at placement, as recorded, replays; with a shot added it does not.
  GameRecord unplaced = play<RandomShooter<C>, RandomShooter<C>, NoPlacer>(rulesets::classic, 5);
  REQUIRE(unplaced.layouts[1].empty());
  REQUIRE(replay<C>(unplaced).ok());
  unplaced.shots.push_back(RecordedShot{0, {0, 0}, ShotOutcome{}});
  const ReplayResult<C> b = replay<C>(unplaced);
  REQUIRE_FALSE(b.ok());
  CHECK(b.mismatch->shot == ReplayMismatch::setup);
  CHECK(b.mismatch->problem == why);
  CHECK(b.oceans.empty());
  // A record taken before the fleets were laid out (one of them, or neither) replays as it is:
  // to_text wrote it and check_record refused it.
  for (int placed = 0; placed <= 1; ++placed) {
    Game<C> early(Board<C>{}, fleets::classic, rulesets::classic, make_shooter<C>("random"),
                  make_shooter<C>("random"), 3);
    UniformPlacer<C> placer;
    if (placed) REQUIRE(early.place(0, placer));
    const GameRecord record = make_record(early, {});
    INFO(to_text(record));
    CHECK(record.outcome.end == GameEnd::in_progress);
    CHECK(replay<C>(record).ok());
    CHECK(check_record<C>(to_text(record)).ok);
  }
}

} // namespace test_game_record

namespace test_game_record {
TEST_CASE("a record taken between two volleys of one turn replays to that point", "[record]") {
  // Under until_miss a hit gives the mover another volley; replay played whole turns and asked
  // for shots past the end of the record.
  Game<C> g(Board<C>{}, fleets::russian, rulesets::russian, make_shooter<C>("random"),
            make_shooter<C>("parity"), 1);
  UniformPlacer<C> placer;
  REQUIRE(g.place(0, placer));
  REQUIRE(g.place(1, placer));
  GameRecorder<C> recorder;
  g.observe(&recorder);
  int mid_turn = 0;
  while (!g.is_over() && mid_turn < 5) {
    g.play_volley();
    if (!g.turn_under_way() || g.is_over()) continue;
    ++mid_turn;
    const GameRecord record = make_record(g, recorder.shots());
    const ReplayResult<C> r = replay<C>(record);
    INFO(to_text(record));
    CHECK(r.ok());
    CHECK(r.shots_replayed == record.shots.size());
    CHECK(r.outcome == record.outcome);
    CHECK(check_record<C>(to_text(record)).ok);
  }
  CHECK(mid_turn == 5);
}

namespace {
using Wide = DynamicShape<2048>;
/// Fires once far off the board, then at every cell in order.
struct FarOff {
  int n = 0;
  void start(const TargetView<Wide>&) { n = 0; }
  Coord next_shot(const TargetView<Wide>& v, Rng&) {
    if (n++ == 0) return {5'000'000, -7'000'000};
    const int k = n - 2;
    return {k / v.board().cols(), k % v.board().cols()};
  }
  void on_result(const TargetView<Wide>&, Coord, const ShotOutcome&) {}
};
} // namespace

TEST_CASE("records of rules, boards and shots at the engine's limits read back", "[record][text]") {
  // The reader had limits of its own (a million for the rules' counts and a shot's row, 1,000
  // for a side): to_text wrote records that parse_record refused.
  Rules invalid_many;
  invalid_many.max_invalid_in_a_row = 2'000'000;
  Rules capped;
  capped.shot_cap = 2'000'000'000;
  Rules salvo;
  salvo.volley = Volley::fixed_salvo;
  salvo.salvo_size = 2'000'000;
  struct Case {
    int rows, cols;
    Rules rules;
  };
  for (const Case& c : {Case{10, 10, invalid_many}, Case{10, 10, capped}, Case{10, 10, salvo},
                        Case{10, 10, Rules{}}, Case{2, 1001, Rules{}}}) {
    Game<Wide, GameObserver<Wide>, FarOff, FarOff> g(Board<Wide>(Wide(c.rows, c.cols)),
                                                     fleets::classic, c.rules, {}, {}, 1);
    UniformPlacer<Wide> placer;
    REQUIRE(g.place(0, placer));
    REQUIRE(g.place(1, placer));
    GameRecorder<Wide> recorder;
    g.observe(&recorder);
    g.play_to_end();
    const GameRecord record = make_record(g, recorder.shots());
    REQUIRE(replay<Wide>(record).ok());
    const RecordParse back = parse_record(to_text(record));
    INFO(c.rows << " x " << c.cols << ": " << back.error);
    REQUIRE(back);
    CHECK(*back.record == record);
    CHECK(back.record->shots.front().cell == Coord{5'000'000, -7'000'000});
  }
}

TEST_CASE("a record of a match player 0 forfeited keeps who was at fault", "[game_record]") {
  // Player 0 is written `fault 0`: a record that left it out read back with nobody at fault.
  GameRecord r;
  r.outcome.end = GameEnd::aborted;
  r.outcome.at_fault = 0;
  r.outcome.reason = "player 0's fleet is not placed";
  const RecordParse back = parse_record(to_text(r));
  REQUIRE(back);
  CHECK(back.record->outcome.at_fault == 0);
  CHECK(*back.record == r);
}

} // namespace test_game_record
