// One two-player game, printed move by move, with both oceans side by side at the end.
//
//   play_one_game [--seed N] [--first NAME] [--second NAME] [--rules NAME] [--layout FILE]
//                 [--record FILE]
//   play_one_game --games N [--seed N] [--first NAME] [--second NAME] [--rules NAME]
//                 [--layout FILE]
//   play_one_game --check FILE
//
// The players are shooters from the registry (default: hunt_target against parity), both fleets
// laid out uniformly at random, or player 1's as drawn in a file (--layout: the grid format of
// battleship/io/layout_text.hpp, handed to the game with Game::set_ocean). --record writes the
// game's record (see game_record.hpp), which replays the same game exactly; --check reads a record
// back (check_record: parsed, then replayed) and says whether it replays exactly or names the line
// of its first problem.
// --games N plays N matches between the same two players instead (simulate_match, on every
// core, each player moving first in half of them) and prints the first player's win share.
// ctest-args: --seed 7
// ctest-expect: \(X hit, o miss, \. water, letters: ships never hit\)
#include "arguments.hpp"

#include <battleship/battleship.hpp>
#include <battleship/game_record.hpp>

#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  play_one_game [--seed N] [--first NAME] [--second NAME] [--rules NAME] [--layout FILE]
                [--record FILE]
  play_one_game --games N [--seed N] [--first NAME] [--second NAME] [--rules NAME]
                [--layout FILE]
  play_one_game --check FILE

Plays one two-player game between two shooters of the registry, printed move by move, with both
oceans side by side at the end. Both fleets are laid out uniformly at random, unless --layout
draws player 1's. Players are counted from 1 here: player 1 is the library's player 0.

  --seed N       the game's seed, 0 to 2^64 - 1 (default 1)
  --first NAME   player 1's shooter (default hunt_target)
  --second NAME  player 2's shooter (default parity)
  --rules NAME   a named rule set (default classic); one named after a fleet (russian, bbm103,
                 cs32) plays with that fleet
  --layout FILE  player 1's fleet as drawn in FILE: one line a row, a ship's symbol on each of
                 its cells ('.' for water), checked under the rules (a problem names its line)
  --record FILE  writes the game's record to FILE; it replays the same game exactly
  --games N      plays N matches (1 to 10000000) instead of one printed game, each player moving
                 first in half of them, and prints the first player's share of the wins
  --check FILE   plays nothing: reads the record in FILE (a 10 x 10 game) and replays it, then
                 says whether it replays exactly or where it first goes wrong (exit status 1)
)";

/// `--check`: the verdict on the record `text` read from `file`, 0 when it replays exactly.
int check_record_text(const std::string& file, const std::string& text) {
  const RecordCheck verdict = check_record<S>(text); // parsed, then replayed
  if (!verdict.ok) {
    std::printf("%s: %s\n", file.c_str(), verdict.error.c_str()); // "line N: ..."
    return 1;
  }
  std::printf("%s replays exactly\n", file.c_str());
  return 0;
}

/// Prints each event as it happens.
class Commentary final : public GameObserver<S> {
public:
  explicit Commentary(const Fleet& fleet) : fleet_(fleet) {}
  void on_turn_start(int player, int round) override {
    if (player == 0) std::printf("\nRound %d\n", round);
  }
  void on_shot(int player, Coord cell, const ShotOutcome& full, const ShotOutcome&) override {
    std::string what(to_string(full.result));
    if (full.result == ShotResult::invalid)
      what.append(" (").append(to_string(full.refusal)).append(")");
    std::printf("  player %d fires at %-3s %s\n", player + 1,
                format_coord(cell, CoordNotation::letter_number).c_str(), what.c_str());
  }
  void on_sunk(int player, int ship) override {
    std::printf("  player %d: \"You sank my %s!\"\n", 2 - player,
                std::string(fleet_.ship(ship).name).c_str());
  }
  void on_game_over(const GameOutcome& o) override {
    std::printf("\n");
    if (o.end == GameEnd::win)
      std::printf("Player %d wins after %d rounds (%d shots against %d).\n", o.winner + 1, o.rounds,
                  o.shots[static_cast<std::size_t>(o.winner)],
                  o.shots[static_cast<std::size_t>(1 - o.winner)]);
    else if (o.end == GameEnd::draw)
      std::printf("A draw after %d rounds.\n", o.rounds);
    else
      std::printf("No result: %s.\n", o.reason.c_str());
  }

private:
  Fleet fleet_;
};

void print_oceans(const Ocean<S>& first, const Ocean<S>& second) {
  const std::string gap = "     ";
  const std::vector<std::string> left = ocean_lines(first), right = ocean_lines(second);
  std::string title = "Player 1's ocean";
  title.resize(left[0].size(), ' ');
  std::printf("\n%s%sPlayer 2's ocean\n", title.c_str(), gap.c_str());
  for (std::size_t i = 0; i < left.size(); ++i)
    std::printf("%s%s%s\n", left[i].c_str(), gap.c_str(), right[i].c_str());
  std::printf("(X hit, o miss, . water, letters: ships never hit)\n");
}

} // namespace

int main(int argc, char** argv) {
  std::uint64_t seed = 1;
  std::string first = "hunt_target", second = "parity", rules_name = "classic", record_file;
  std::string check_file, layout_file;
  std::uint64_t games = 0; // 0: one game, printed
  examples::Arguments args(argc, argv, "play_one_game", usage);
  int others = 0; // options besides --check, which replays a record and takes none of them
  while (args.next()) {
    ++others;
    if (args.is("--seed"))
      seed = args.seed();
    else if (args.players_option(first, second, shooter_names<S>()))
      continue;
    else if (args.is("--rules"))
      rules_name = args.rules_name();
    else if (args.is("--record"))
      record_file = args.value();
    else if (args.is("--check"))
      check_file = args.value(), --others;
    else if (args.is("--layout"))
      layout_file = args.value();
    else if (args.is("--games"))
      games = args.count(1, 10'000'000);
    else
      args.refuse();
  }
  if (!check_file.empty() && others > 0)
    args.fail("--check replays the record as it is: it takes no other option");
  if (!check_file.empty()) return check_record_text(check_file, args.read_file(check_file));
  const Rules rules = *rulesets::named(rules_name); // a name the arguments checked
  // A rule set named after a fleet (russian, bbm103, cs32) comes with that fleet.
  const Fleet fleet = fleets::named(rules_name).value_or(fleets::classic);
  if (games > 0 && !record_file.empty()) {
    std::fprintf(stderr, "play_one_game: --record writes one game's record: not with --games\n");
    return 2;
  }
  // The record's file is opened before the game: a path that cannot be written is refused
  // before a whole game is played and printed for nothing.
  std::ofstream record_out;
  if (!record_file.empty()) {
    record_out.open(record_file);
    if (!record_out) {
      std::fprintf(stderr, "play_one_game: cannot write the record to %s\n", record_file.c_str());
      return 1;
    }
  }
  // --layout: player 1's fleet as drawn, laid out on an ocean under the rules (which may refuse
  // it: touching ships, say) before any game starts.
  std::optional<Ocean<S>> drawn;
  if (!layout_file.empty()) {
    drawn.emplace(Board<S>{}, fleet, rules.touching);
    if (const LayoutPlacing placed = place_layout(*drawn, args.read_file(layout_file)); !placed) {
      std::fprintf(stderr, "play_one_game: %s: %s\n", layout_file.c_str(), placed.error.c_str());
      return 2;
    }
  }
  try {
    if (games > 0) {
      SimulationOptions options;
      options.games = games;
      options.seed = seed;
      auto batch = [&](const auto& first_placer) {
        return simulate_match(Board<S>{}, fleet, rules, make_shooter<S>(first), first_placer,
                              make_shooter<S>(second), UniformPlacer<S>{}, options);
      };
      // The drawn layout in every match (FixedPlacer), or a fresh uniform one each time.
      const MatchResult m =
          drawn ? batch(FixedPlacer<S>(placed_layout(*drawn))) : batch(UniformPlacer<S>{});
      const Proportion a = m.share_a();
      std::printf("%s%s against %s, %s rules, %s (seed %llu): %s wins %.1f%% (95%% "
                  "interval %.1f to %.1f), draws %llu, aborted %llu; the first mover wins %.1f%%\n",
                  first.c_str(), drawn ? (" (fleet from " + layout_file + ")").c_str() : "",
                  second.c_str(), rules_name.c_str(),
                  examples::counted(m.games, "match", "matches").c_str(),
                  static_cast<unsigned long long>(seed), first.c_str(), 100 * a.share, 100 * a.low,
                  100 * a.high, static_cast<unsigned long long>(m.draws),
                  static_cast<unsigned long long>(m.aborted), 100 * m.first_mover_share().share);
      return 0;
    }
    Game<S> game(Board<S>{}, fleet, rules, make_shooter<S>(first), make_shooter<S>(second), seed);
    const UniformPlacer<S> placer;
    if (drawn) {
      // A finished ocean handed to the game: checked against its board, fleet and rules.
      if (const OceanRefusal why = game.set_ocean(0, *drawn); why != OceanRefusal::none) {
        std::printf("%s\n", std::string(to_string(why)).c_str());
        return 1;
      }
    } else if (!game.place(0, placer)) {
      std::printf("%s\n", game.outcome().reason.c_str());
      return 1;
    }
    if (!game.place(1, placer)) {
      std::printf("%s\n", game.outcome().reason.c_str());
      return 1;
    }
    std::printf("Player 1 (%s%s) against player 2 (%s), %s rules, seed %llu\n", first.c_str(),
                drawn ? (", fleet from " + layout_file).c_str() : "", second.c_str(),
                rules_name.c_str(), static_cast<unsigned long long>(seed));
    Commentary commentary(fleet);
    GameRecorder<S> recorder;
    // Two observers: the commentary prints, the recorder keeps the shots for the record.
    ObserverList<S> both{&commentary, &recorder};
    game.observe(&both);
    game.play_to_end();
    print_oceans(game.ocean(0), game.ocean(1));
    if (!record_file.empty()) {
      const GameRecord record = make_record(game, recorder.shots(), {first, second});
      record_out << to_text(record);
      record_out.close();
      if (!record_out) {
        std::fprintf(stderr, "play_one_game: cannot write the record to %s\n", record_file.c_str());
        return 1;
      }
      std::printf("\nRecord written to %s; it %s.\n", record_file.c_str(),
                  replay<S>(record).ok() ? "replays exactly" : "does NOT replay");
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "play_one_game: %s\n", e.what());
    return 2;
  }
}
