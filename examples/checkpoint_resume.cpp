// A long experiment of your own that stops and resumes where it stopped: solo games of one shooter
// played one after another from a single random stream (each layout and each shot drawn from
// it), with a checkpoint file that keeps the games done, their shots, and the generator's state
// (`Rng::state`, restored with `Rng::from_state`). A run stopped and resumed any number of times
// ends with the same figures as a run that never stopped.
//
//   checkpoint_resume [--games N] [--shooter NAME] [--seed S] [--checkpoint FILE]
//                     [--stop-after K]
//
// (A batch of the engine's own, `simulate_solo`, splits with `SimulationOptions::first_game`
// instead, since game i depends only on the seed and i; this is for loops of your own.)
// ctest-args: --games 300 --shooter parity --seed 5
// ctest-expect: 300 games of parity \(seed 5\): [0-9]+ shots, mean (5|6)[0-9]\.[0-9]+
#include "arguments.hpp"

#include <battleship/battleship.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

constexpr std::string_view usage = R"(Usage:
  checkpoint_resume [--games N] [--shooter NAME] [--seed S] [--checkpoint FILE]
                    [--stop-after K]

Plays N classic solo games of one shooter against uniform layouts, one after another from one
random stream, and prints their total and mean shots. With --checkpoint FILE, a run starts from
the checkpoint in FILE if there is one, and with --stop-after K it stops after K more games and
writes the checkpoint there; the figures a resumed run ends with are those of one run.

  --games N          games in all, 1 to 10000000 (default 1000)
  --shooter NAME     a shooter of the registry (default parity)
  --seed S           the stream's seed, 0 to 2^64 - 1 (default 0)
                     (a resumed run keeps the shooter and seed it started with)
  --checkpoint FILE  where the run is saved, and resumed from
  --stop-after K     stop after K games of this run (1 to 10000000) and save the checkpoint
)";

/// Where a run stands: what the checkpoint file holds, one number a line.
struct Checkpoint {
  std::string shooter;     ///< The shooter playing the run.
  std::uint64_t seed = 0;  ///< The seed the run started from (to report it).
  std::uint64_t games = 0; ///< Games played so far.
  std::uint64_t shots = 0; ///< Their shots, in all.
  Rng rng;                 ///< The stream, just after the last game's draws.
};

constexpr std::uint64_t max_games = 10'000'000; ///< The most games a run plays.

/// A file that cannot be read or written (status 1), as against a bad one (status 2).
struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Writes `c` to `path`: shooter, seed, games, shots, then the generator's four state words.
void save(const std::string& path, const Checkpoint& c) {
  std::ofstream out(path);
  out << c.shooter << '\n' << c.seed << '\n' << c.games << '\n' << c.shots << '\n';
  for (const std::uint64_t word : c.rng.state()) out << word << '\n';
  if (!out) throw FileError("cannot write the checkpoint " + path);
}

/// The checkpoint in `path` (its text, `args.read_file`'s), each number checked: a file this
/// program did not write is refused (`std::runtime_error`) rather than played on.
Checkpoint parse(const std::string& path, const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  const auto not_ours = [&](const std::string& why) {
    return std::runtime_error(path + " is not a checkpoint of this program: " + why);
  };
  if (words.size() != 8)
    throw not_ours("it holds " + std::to_string(words.size()) + " words, not 8");
  const std::vector<std::string>& names = shooter_names<S>();
  if (std::find(names.begin(), names.end(), words[0]) == names.end())
    throw not_ours("unknown shooter '" + words[0] + "'");
  const auto number = [&](std::size_t k, std::uint64_t max, const char* what) {
    const auto n = examples::whole_number(words[k], 0, max);
    if (!n)
      throw not_ours(std::string(what) + " '" + words[k] + "' is not a whole number up to " +
                     std::to_string(max));
    return *n;
  };
  Checkpoint c;
  c.shooter = words[0];
  c.seed = number(1, examples::max_seed, "the seed");
  c.games = number(2, max_games, "the games");
  c.shots = number(3, max_games * 100, "the shots"); // at most 100 a classic game
  if (c.shots < c.games * fleets::classic.total_length() || c.shots > c.games * 100)
    throw not_ours(std::to_string(c.games) + " games cannot take " + std::to_string(c.shots) +
                   " shots");
  Rng::State state{};
  for (std::size_t k = 0; k < state.size(); ++k)
    state[k] = number(4 + k, examples::max_seed, "a generator word");
  c.rng = Rng::from_state(state); // refuses the all-zero state no generator reaches
  return c;
}
} // namespace

int main(int argc, char** argv) {
  std::uint64_t games = 1000, seed = 0, stop_after = 0;
  std::string shooter_name = "parity", path;
  bool shooter_given = false, seed_given = false, checkpoint_given = false;
  examples::Arguments args(argc, argv, "checkpoint_resume", usage);
  while (args.next()) {
    if (args.is("--games"))
      games = args.count(1, max_games);
    else if (args.is("--shooter"))
      shooter_name = args.name(shooter_names<S>()), shooter_given = true;
    else if (args.is("--seed"))
      seed = args.seed(), seed_given = true;
    else if (args.is("--checkpoint"))
      path = args.value(), checkpoint_given = true;
    else if (args.is("--stop-after"))
      stop_after = args.count(1, max_games);
    else
      args.refuse();
  }
  if (checkpoint_given && path.empty()) args.fail("--checkpoint needs a file name");
  if (stop_after != 0 && path.empty()) args.fail("--stop-after needs --checkpoint FILE");

  try {
    // No file: a new run. A file that is there but cannot be read is an error, not a new run
    // (which would overwrite it).
    std::error_code ignored; // a path that cannot be inspected is taken as no file: the first
                             // save then says why it cannot be written
    std::optional<Checkpoint> saved;
    if (!path.empty() && std::filesystem::exists(path, ignored))
      saved = parse(path, args.read_file(path, 4096)); // a checkpoint is 8 short lines
    Checkpoint run = saved ? *saved : Checkpoint{shooter_name, seed, 0, 0, Rng(seed)};
    if (saved && run.games > games)
      args.fail(path + " holds " + std::to_string(run.games) + " games, more than --games " +
                std::to_string(games) + " asks for");
    if (saved) { // its shooter and seed are those it started with, whatever the options say now
      std::printf("resumed from %s after %llu games\n", path.c_str(),
                  static_cast<unsigned long long>(run.games));
      if ((shooter_given && shooter_name != run.shooter) || (seed_given && seed != run.seed))
        std::printf("(a resumed run keeps its shooter %s and seed %llu; --shooter and --seed "
                    "set those of a new run)\n",
                    run.shooter.c_str(), static_cast<unsigned long long>(run.seed));
    }
    const Board<S> board;
    const Rules rules = rulesets::classic;
    Ocean<S> ocean(board, fleets::classic, rules.touching);
    TargetView<S> view(board, fleets::classic, rules);
    AnyShotStrategy<S> shooter = make_shooter<S>(run.shooter);
    AnyPlacementStrategy<S> placer = make_placer<S>("uniform");
    if (!path.empty()) save(path, run); // before any game: a path it cannot write stops it now
    for (std::uint64_t played = 0; run.games < games; ++played) {
      if (stop_after != 0 && played == stop_after) {
        save(path, run);
        std::printf("stopped after %llu games; saved to %s\n",
                    static_cast<unsigned long long>(run.games), path.c_str());
        return 0;
      }
      ocean.clear();
      if (!placer.place(ocean, run.rng)) throw std::runtime_error("the fleet cannot be laid out");
      run.shots += static_cast<std::uint64_t>(play_solo(ocean, view, shooter, run.rng).shots);
      ++run.games;
    }
    if (!path.empty()) save(path, run); // a finished run: resuming it plays nothing more
    std::printf("%llu games of %s (seed %llu): %llu shots, mean %.4f\n",
                static_cast<unsigned long long>(run.games), run.shooter.c_str(),
                static_cast<unsigned long long>(run.seed),
                static_cast<unsigned long long>(run.shots),
                static_cast<double>(run.shots) / static_cast<double>(run.games));
  } catch (const FileError& e) {
    std::fprintf(stderr, "checkpoint_resume: %s\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "checkpoint_resume: %s\n", e.what());
    return 2;
  }
  return 0;
}
