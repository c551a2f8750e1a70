// Prints a digest of the games every built-in shooter and placer plays from one seed, so that two
// builds can be compared line by line: scripts/test.sh builds it with g++ and libstdc++ and with
// clang++ and libc++, and the two outputs must be equal. The engine draws every random number
// itself (never through a standard distribution or std::shuffle, whose results differ between
// standard libraries), so the same seed plays the same games whichever library it is built with.
#include <battleship/battleship.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;

/// FNV-1a over the shots of every game, in game order.
std::uint64_t digest(const std::vector<int>& shots) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const int s : shots) {
    h ^= static_cast<std::uint64_t>(s) + 1;
    h *= 1099511628211ULL;
  }
  return h;
}

/// A run of `games` from the digests' seed, on two threads (the games do not depend on it).
SimulationOptions run_of(std::uint64_t games) {
  SimulationOptions options;
  options.games = games;
  options.seed = 2026;
  options.threads = 2;
  return options;
}

/// The digest of `games` solo games of `shooter` against `placer` under `rules`.
std::uint64_t solo(const std::string& shooter, const std::string& placer, const Rules& rules,
                   std::uint64_t games) {
  std::vector<int> shots(games, -1);
  SimulationOptions options = run_of(games);
  options.on_game = [&](std::uint64_t i, const SoloResult& r) {
    shots[i] = r.finished ? r.shots : -1;
  };
  simulate_solo(Board<S>{}, fleets::classic, rules, make_shooter<S>(shooter),
                make_placer<S>(placer), options);
  return digest(shots);
}

/// The digest of matches of `a` against `b` (both placing with `spread`): who won each, and when.
std::uint64_t matches(const std::string& a, const std::string& b, const Rules& rules,
                      std::uint64_t games) {
  std::vector<int> ends(games, -1);
  SimulationOptions options = run_of(games);
  options.on_match = [&](std::uint64_t i, const MatchResult& m) {
    ends[i] = static_cast<int>(m.wins_a * 1000 + m.rounds);
  };
  simulate_match(Board<S>{}, fleets::classic, rules, make_shooter<S>(a), make_placer<S>("spread"),
                 make_shooter<S>(b), make_placer<S>("spread"), options);
  return digest(ends);
}
} // namespace

int main() {
  Rules no_contact = rulesets::classic;
  no_contact.touching = Touching::no_contact;
  const struct {
    const char* name;
    Rules rules;
  } rule_sets[] = {{"classic", rulesets::classic}, {"no_contact", no_contact}};
  for (const auto& [rule_name, rules] : rule_sets) {
    for (const std::string& shooter : shooter_names<S>()) {
      const std::uint64_t games = shooter_is_slow<S>(shooter) ? 40 : 1000;
      std::printf("%s %s/uniform, %llu games: %016llx\n", rule_name, shooter.c_str(),
                  static_cast<unsigned long long>(games),
                  static_cast<unsigned long long>(solo(shooter, "uniform", rules, games)));
    }
    for (const std::string& placer : placer_names<S>())
      std::printf("%s parity/%s, 300 games: %016llx\n", rule_name, placer.c_str(),
                  static_cast<unsigned long long>(solo("parity", placer, rules, 300)));
  }
  std::printf(
      "salvo probability-parity: %016llx\n",
      static_cast<unsigned long long>(matches("probability", "parity", rulesets::salvo, 200)));
  std::printf(
      "russian bayes-hunt_target: %016llx\n",
      static_cast<unsigned long long>(matches("bayes", "hunt_target", rulesets::russian, 20)));
}
