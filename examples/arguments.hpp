// The examples' and benchmarks' command lines: checked numbers, `--name value` options, stray
// arguments refused and `--help` answered. For those programs only; not part of the library.
#pragma once

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <battleship/fleet.hpp>
#include <battleship/registry.hpp>
#include <battleship/rules.hpp>
#include <battleship/simulate.hpp>
#include <battleship/sprt.hpp>

namespace examples {

/// The most bytes `Arguments::read_file` reads: a drawn layout or a game record is a few
/// kilobytes, and an endless file (`/dev/zero`) must not fill the memory.
inline constexpr std::size_t max_file_bytes = std::size_t{1} << 20;

namespace detail {
/// The program named in the message of `check_output`, set by the first `Arguments`.
inline std::string_view output_program = "program";
/// The status a failing program exits with; 0 while it has not failed.
inline int failing_status = 0;

/// Run at exit (registered by the first `Arguments`): output that never reached its file (a full
/// disk, `> /dev/full`) must not end with status 0, since the shell then takes the run as done.
inline void check_output() {
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int why = errno;
  if (flushed && std::ferror(stdout) == 0) return;
  const std::string reason =
      !flushed && why != 0 ? std::generic_category().message(why) : std::string("a write failed");
  std::fprintf(stderr, "%.*s: cannot write the output: %s\n",
               static_cast<int>(output_program.size()), output_program.data(), reason.c_str());
  std::_Exit(failing_status != 0 ? failing_status : 1); // exit() may not be called at exit
}
} // namespace detail

/// The largest seed: any 64-bit value.
inline constexpr std::uint64_t max_seed = std::numeric_limits<std::uint64_t>::max();

/// `n` and the noun for that many: "1 game", "20 games" (`counted(n, "game", "games")`).
[[nodiscard]] inline std::string counted(std::uint64_t n, std::string_view one,
                                         std::string_view many) {
  return std::to_string(n) + ' ' + std::string(n == 1 ? one : many);
}

/// `text` as a whole number from `min` to `max`: digits only, no sign, no space, no other text.
[[nodiscard]] inline std::optional<std::uint64_t>
whole_number(std::string_view text, std::uint64_t min, std::uint64_t max) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc{} || stop != end || value < min || value > max) return std::nullopt;
  return value;
}

/// `text` as a finite decimal number from `min` to `max` ("0.5", "30", "1e3"), no other text.
[[nodiscard]] inline std::optional<double> decimal_number(std::string_view text, double min,
                                                          double max) {
  // strtod, not from_chars: libc++ reads no floating-point number with from_chars before LLVM
  // 20. What strtod takes beyond from_chars is refused first: a leading space or '+', and hex.
  // These programs never call setlocale, so strtod's decimal point is '.', as from_chars's is.
  if (text.empty() || text.find_first_of("xX") != std::string_view::npos) return std::nullopt;
  if (text.front() != '-' && text.front() != '.' && (text.front() < '0' || text.front() > '9'))
    return std::nullopt;
  const std::string copy(text); // strtod reads up to a NUL
  char* stop = nullptr;
  const double value = std::strtod(copy.c_str(), &stop);
  if (stop != copy.c_str() + copy.size() || !std::isfinite(value) || value < min || value > max)
    return std::nullopt;
  return value;
}

/// Walks a command line: options with a value (`--games 100`), flags (`--quiet`) and positional
/// arguments, in order. `--help` or `-h` prints the usage text and ends the program (status 0);
/// every mistake prints "PROGRAM: what is wrong" and ends it with status 2 (1 for a file that
/// cannot be read, `read_file`). Output that cannot be written (a full disk) ends it with
/// status 1 at exit, "PROGRAM: cannot write the output: why".
///
///     examples::Arguments args(argc, argv, "simulate_histogram", usage);
///     while (args.next()) {
///       if (args.is("--games")) games = args.count(1, 1000);
///       else args.refuse();
///     }
class Arguments {
public:
  /// The arguments of `main`; `program` names it in messages, `usage` is printed for `--help`.
  Arguments(int argc, char** argv, std::string_view program, std::string_view usage)
      : argc_(argc), argv_(argv), program_(program), usage_(usage) {
    static const bool registered = [&] {
      detail::output_program = program;
      return std::atexit(detail::check_output) == 0;
    }();
    (void)registered;
  }

  /// Moves to the next argument; false after the last. Answers `--help` and `-h`.
  bool next() {
    if (++at_ >= argc_) return false;
    if (current() == "--help" || current() == "-h") {
      std::fwrite(usage_.data(), 1, usage_.size(), stdout);
      std::exit(0);
    }
    return true;
  }

  /// The argument moved to.
  [[nodiscard]] std::string_view current() const { return argv_[at_]; }

  /// Whether the argument moved to is `option`.
  [[nodiscard]] bool is(std::string_view option) const { return current() == option; }

  /// Whether the argument moved to is positional: it does not start with "--".
  [[nodiscard]] bool positional() const { return !current().starts_with("--"); }

  /// The value of the option moved to (the next argument), which it then skips.
  std::string_view value() {
    if (at_ + 1 >= argc_) fail(std::string(current()) + " needs a value");
    return argv_[++at_];
  }

  /// The value of the option moved to, a whole number from `min` to `max`.
  std::uint64_t count(std::uint64_t min, std::uint64_t max) {
    const std::string option(current());
    return checked(option, value(), min, max);
  }

  /// The value of the option moved to, a decimal number from `min` to `max`.
  double decimal(double min, double max) {
    const std::string option(current());
    const std::string_view text = value();
    const auto number = decimal_number(text, min, max);
    if (!number)
      fail(option + " needs a number from " + shortest(min) + " to " + shortest(max) + ", got '" +
           std::string(text) + "'");
    return *number;
  }

  /// The value of the option moved to, a seed (any 64-bit whole number).
  std::uint64_t seed() { return count(0, max_seed); }

  /// Reads the option moved to into `options` if it is one of a run's: `--games` (a whole number
  /// from `fewest_games` to `most_games`), `--seed` or `--threads` (0 for every core, at most
  /// `battleship::max_threads`); false for any other.
  bool run_option(battleship::SimulationOptions& options, std::uint64_t most_games,
                  std::uint64_t fewest_games = 1) {
    if (is("--games"))
      options.games = count(fewest_games, most_games);
    else if (is("--seed"))
      options.seed = seed();
    else if (is("--threads"))
      options.threads = static_cast<unsigned>(count(0, battleship::max_threads));
    else
      return false;
    return true;
  }

  /// Reads the option moved to into `first` or `second` if it is `--first` or `--second`, a
  /// two-player game's shooters, checked against `known` (the registry's names); false for any
  /// other.
  bool players_option(std::string& first, std::string& second,
                      const std::vector<std::string>& known) {
    if (is("--first"))
      first = name(known);
    else if (is("--second"))
      second = name(known);
    else
      return false;
    return true;
  }

  /// Reads the option moved to into `test` if it is one of a sequential test's: `--elo0`,
  /// `--elo1` (from -4000 to 4000), `--alpha` or `--beta` (from 0 to 1); false for any other.
  bool sprt_option(battleship::SprtTest& test) {
    using battleship::SprtTest;
    if (is("--elo0"))
      test.elo0 = decimal(-SprtTest::max_elo, SprtTest::max_elo);
    else if (is("--elo1"))
      test.elo1 = decimal(-SprtTest::max_elo, SprtTest::max_elo);
    else if (is("--alpha"))
      test.alpha = decimal(0, 1);
    else if (is("--beta"))
      test.beta = decimal(0, 1);
    else
      return false;
    return true;
  }

  /// The value of the option moved to, a touching rule by its name: `allowed`,
  /// `no_edge_contact` or `no_contact`.
  battleship::Touching touching() {
    using battleship::Touching;
    const std::string option(current());
    const std::string_view name = value();
    for (const Touching t : {Touching::allowed, Touching::no_edge_contact, Touching::no_contact})
      if (name == to_string(t)) return t;
    fail("unknown touching rule '" + std::string(name) + "' for " + option +
         " (allowed, no_edge_contact or no_contact)");
  }

  /// The value of the option moved to, which must be one of `known` (the registry's shooter or
  /// placer names, say): checked as it is read, so a misspelt name is refused before the run, and
  /// before a later `--help` is answered.
  std::string_view name(const std::vector<std::string>& known) {
    const std::string option(current());
    const std::string_view given = value();
    check_name(option, given, known);
    return given;
  }

  /// The value of the option moved to, the name of a predefined rule set (`rulesets::all`).
  std::string_view rules_name() {
    std::vector<std::string> known;
    for (const auto& r : battleship::rulesets::all) known.emplace_back(r.name);
    return name(known);
  }

  /// Ends the program ("PROGRAM: WHERE: unknown name 'x'; known: a, b") unless `given` is one of
  /// `known`, or, where `known` lists the shooters (or the placers), a built-in named with its
  /// settings, `expert(layouts=400)` or `spread(candidates=64)` (`parse_shooter_settings` or
  /// `parse_placer_settings`, whose refusal it then shows); `where` names the option or argument
  /// it came from.
  void check_name(std::string_view where, std::string_view given,
                  const std::vector<std::string>& known) const {
    using battleship::ClassicShape;
    const auto is_known = [&](std::string_view name) {
      for (const auto& k : known)
        if (k == name) return true;
      return false;
    };
    if (is_known(given)) return;
    // Which built-ins `known` lists in full: a list of placers lacks `expert`, one of shooters
    // `uniform`.
    const auto lists_every = [&](const auto& registry, const std::vector<std::string>& names) {
      for (const auto& name : names)
        if (registry.builtin(name) && !is_known(name)) return false;
      return true;
    };
    const bool shooters = lists_every(battleship::ShooterRegistry<ClassicShape>::instance(),
                                      battleship::shooter_names<ClassicShape>());
    const bool placers = lists_every(battleship::PlacerRegistry<ClassicShape>::instance(),
                                     battleship::placer_names<ClassicShape>());
    const auto open = given.find('(');
    const std::string_view named = battleship::detail::trimmed(given.substr(0, open));
    if ((shooters || placers) && open != std::string_view::npos && is_known(named)) {
      try {
        if (shooters && battleship::ShooterRegistry<ClassicShape>::builtin(named)) {
          (void)battleship::parse_shooter_settings(given);
          return;
        }
        if (placers && battleship::PlacerRegistry<ClassicShape>::builtin(named)) {
          (void)battleship::parse_placer_settings(given);
          return;
        }
      } catch (const std::invalid_argument& e) {
        fail(std::string(where) + ": " + e.what());
      }
    }
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    fail(std::string(where) + ": unknown name '" + std::string(given) + "'; known: " + list);
  }

  /// The positional argument moved to, called `name`, as a whole number from `min` to `max`.
  [[nodiscard]] std::uint64_t positional_count(std::string_view name, std::uint64_t min,
                                               std::uint64_t max) const {
    return checked(name, current(), min, max);
  }

  /// Refuses the argument moved to: an unknown option or a stray argument.
  [[noreturn]] void refuse() const {
    fail((positional() ? "unexpected argument '" : "unknown option '") + std::string(current()) +
         "' (--help lists the arguments)");
  }

  /// The whole text of the file `path` names, at most `limit` bytes. A file that cannot be
  /// read, or a directory (which a stream opens and reads as nothing on Linux), ends the program
  /// ("PROGRAM: cannot read 'PATH': why", status 1); a longer one (`/dev/zero` would never end)
  /// ends it too ("PROGRAM: 'PATH' holds more than LIMIT bytes", status 2, a bad input).
  [[nodiscard]] std::string read_file(const std::string& path,
                                      std::size_t limit = max_file_bytes) const {
    std::error_code ignored; // a path that cannot be inspected is not a directory
    if (std::filesystem::is_directory(path, ignored))
      fail("cannot read '" + path + "': it is a directory", 1);
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) { // the C library's reason, where the stream's open left one
      const int why = errno;
      fail("cannot read '" + path + "': " +
               (why != 0 ? std::generic_category().message(why) : std::string("cannot open it")),
           1);
    }
    std::string text(limit + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > limit)
      fail("'" + path + "' holds more than " + std::to_string(limit) +
           " bytes, far more than any input of this program");
    return text;
  }

  /// Prints "PROGRAM: message" to stderr and ends the program with `status`: 2, a bad command
  /// line or input, unless told 1 (a file that cannot be read or written).
  [[noreturn]] void fail(const std::string& message, int status = 2) const {
    std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(program_.size()), program_.data(),
                 message.c_str());
    detail::failing_status = status;
    std::exit(status);
  }

private:
  [[nodiscard]] static std::string shortest(double x) {
    char text[32];
    const auto [end, error] = std::to_chars(text, text + sizeof text, x);
    return error == std::errc{} ? std::string(text, end) : std::to_string(x);
  }

  [[nodiscard]] std::uint64_t checked(std::string_view name, std::string_view text,
                                      std::uint64_t min, std::uint64_t max) const {
    const auto number = whole_number(text, min, max);
    if (!number)
      fail(std::string(name) + " needs a whole number from " + std::to_string(min) + " to " +
           std::to_string(max) + ", got '" + std::string(text) + "'");
    return *number;
  }

  int argc_;
  char** argv_;
  std::string_view program_;
  std::string_view usage_;
  int at_ = 0;
};

/// Positional `ROWS COLS LENGTH...` arguments, each from 1 to 64: a small board and a fleet of
/// one ship of each length (the programs that solve or list every layout take these).
class SmallBoard {
public:
  /// Takes the positional argument `args` moved to as the next number: ROWS, COLS, a LENGTH.
  void take(const Arguments& args) {
    const char* what = numbers_.empty() ? "ROWS" : numbers_.size() == 1 ? "COLS" : "LENGTH";
    numbers_.push_back(static_cast<int>(args.positional_count(what, 1, 64)));
  }
  /// Uses `defaults` if nothing was taken; throws `std::invalid_argument` unless ROWS, COLS and
  /// at least one LENGTH are there.
  void finish(std::vector<int> defaults) {
    if (numbers_.empty()) numbers_ = std::move(defaults);
    if (numbers_.size() < 3) throw std::invalid_argument("give ROWS COLS and at least one LENGTH");
  }
  /// The board's rows (after `finish`).
  [[nodiscard]] int rows() const { return numbers_[0]; }
  /// The board's columns (after `finish`).
  [[nodiscard]] int cols() const { return numbers_[1]; }
  /// The fleet: "Ship 1" drawn 'A' with the first LENGTH, "Ship 2" drawn 'B', and so on.
  [[nodiscard]] battleship::Fleet fleet() const {
    battleship::Fleet fleet;
    for (std::size_t i = 2; i < numbers_.size(); ++i) {
      const std::string name = "Ship " + std::to_string(i - 1);
      fleet.add(battleship::ShipClass{std::string_view(name), static_cast<char>('A' + i - 2),
                                      numbers_[i], 1});
    }
    return fleet;
  }
  /// The LENGTHs as given, as they were typed ("3 2").
  [[nodiscard]] std::string lengths() const {
    std::string text;
    for (std::size_t i = 2; i < numbers_.size(); ++i) {
      if (i > 2) text += ' ';
      text += std::to_string(numbers_[i]);
    }
    return text;
  }

private:
  std::vector<int> numbers_;
};

} // namespace examples
