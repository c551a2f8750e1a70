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

#include <cstdio>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

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

/// Writes `c` to `path`: shooter, seed, games, shots, then the generator's four state words.
void save(const std::string& path, const Checkpoint& c) {
  std::ofstream out(path);
  out << c.shooter << '\n' << c.seed << '\n' << c.games << '\n' << c.shots << '\n';
  for (const std::uint64_t word : c.rng.state()) out << word << '\n';
  if (!out) throw std::runtime_error("cannot write the checkpoint " + path);
}

/// The checkpoint in `path`, or nothing if there is no such file.
std::optional<Checkpoint> load(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  Checkpoint c;
  Rng::State state{};
  in >> c.shooter >> c.seed >> c.games >> c.shots;
  for (std::uint64_t& word : state) in >> word;
  if (!in) throw std::runtime_error(path + " is not a checkpoint of this program");
  c.rng = Rng::from_state(state); // refuses the all-zero state no generator reaches
  return c;
}
} // namespace

int main(int argc, char** argv) {
  std::uint64_t games = 1000, seed = 0, stop_after = 0;
  std::string shooter_name = "parity", path;
  examples::Arguments args(argc, argv, "checkpoint_resume", usage);
  while (args.next()) {
    if (args.is("--games"))
      games = args.count(1, 10'000'000);
    else if (args.is("--shooter"))
      shooter_name = args.name(shooter_names<S>());
    else if (args.is("--seed"))
      seed = args.seed();
    else if (args.is("--checkpoint"))
      path = args.value();
    else if (args.is("--stop-after"))
      stop_after = args.count(1, 10'000'000);
    else
      args.refuse();
  }
  if (stop_after != 0 && path.empty()) args.fail("--stop-after needs --checkpoint FILE");

  try {
    const std::optional<Checkpoint> saved = path.empty() ? std::nullopt : load(path);
    Checkpoint run = saved ? *saved : Checkpoint{shooter_name, seed, 0, 0, Rng(seed)};
    if (saved) // its shooter and seed are those it started with, whatever the options say now
      std::printf("resumed from %s after %llu games\n", path.c_str(),
                  static_cast<unsigned long long>(run.games));
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
  } catch (const std::exception& e) {
    std::fprintf(stderr, "checkpoint_resume: %s\n", e.what());
    return 2;
  }
  return 0;
}
