/// @file game_record.hpp
/// @brief A complete two-player game as data: setup, layouts and every shot; replayed exactly,
/// written and read as plain text.
///
/// ## The text format
///
/// One item per line; blank lines and lines starting with `#` are ignored; fields are separated
/// by blanks. Players are numbered 0 and 1, rows and columns from 0 (as in `Coord`), ships by
/// their id in the fleet. Lines come in this order:
///
/// ```text
/// battleship-record 1                        first line: the format and its version
/// board 10 10                                rows, columns
/// ship 5 1 C Carrier                         one line per ship class, in fleet order:
/// ship 4 1 B Battleship                        length, count, symbol, name (rest of the line)
/// rules touching=allowed disclosure=sunk_with_name volley=single salvo_size=1
///       equalising_shot=no invalid_shot=refused max_invalid_in_a_row=100 shot_cap=0
///                                            (on one line; every key exactly once, any order)
/// seed 42                                    the game's seed (player p drew from
///                                              Rng(derive_seed(seed, p)))
/// player 0 hunt_target                       optional: a name for a player (rest of the line)
/// place 0 0 3 4 h                            player, ship, row, column, h or v: every ship of
///                                              each player, or none for a player whose fleet
///                                              was never placed
/// shot 0 3 4 miss                            player, row, column, outcome, in the order the
/// shot 1 5 5 hit 2                             shots were announced: miss; hit <ship>;
/// shot 0 5 6 sunk 4                            sunk <ship>; invalid <off_board|already_shot>
/// outcome win 0 41 41 40                     end (in_progress|win|draw|aborted), winner (-1
///                                              when none), rounds, each player's valid shots
/// fault 1                                    optional, aborted games only: the player at fault
/// reason player 1 could not place its fleet  optional: why the game was aborted
/// end                                        last line: a record cut short is refused
/// ```
///
/// `parse_record` never throws on bad input: it returns the first problem with its line number.
#pragma once

#include <array>
#include <charconv>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/detail/text.hpp>
#include <battleship/detail/unicode.hpp>
#include <battleship/game.hpp>

namespace battleship {

/// One announced shot: who fired, where, and what really happened (the full outcome).
struct RecordedShot {
  int player = 0;      ///< 0 or 1.
  Coord cell;          ///< The cell named.
  ShotOutcome outcome; ///< The full outcome (ship named on every hit), or invalid with a reason.

  /// Shots are equal when every field is.
  friend constexpr bool operator==(const RecordedShot&, const RecordedShot&) = default;
};

/// A complete game: board, fleet, rules, seed, both layouts, every announced shot in order and
/// the outcome. Enough to replay the game exactly (`replay`) and to store it as text
/// (`to_text`, `parse_record`).
struct GameRecord {
  int rows = 10;                        ///< Board rows.
  int cols = 10;                        ///< Board columns.
  Fleet fleet = fleets::classic;        ///< Each player's fleet.
  Rules rules{};                        ///< The rules played.
  std::uint64_t seed = 0;               ///< The game's seed (`Game::seed`).
  std::array<std::string, 2> players{}; ///< Optional names of the players.
  std::array<std::vector<Placement>, 2>
      layouts{};                   ///< Each player's ships by id; empty if unplaced.
  std::vector<RecordedShot> shots; ///< Every announced shot, in order.
  GameOutcome outcome;             ///< How the game ended (or stood).

  /// Records are equal when every field is.
  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

/// An observer that keeps every announced shot, to make a `GameRecord` of the game.
///
/// Use it as the game's observer type (`Game<S, GameRecorder<S>>`, no virtual calls) or through
/// a `GameObserver<S>*`; then `make_record(game, recorder.shots())`.
template <BoardShape S>
class GameRecorder final : public GameObserver<S> {
public:
  /// Appends the shot.
  void on_shot(int player, Coord cell, const ShotOutcome& full, const ShotOutcome&) override {
    shots_.push_back(RecordedShot{player, cell, full});
  }
  /// The shots announced so far.
  [[nodiscard]] const std::vector<RecordedShot>& shots() const noexcept { return shots_; }
  /// Forgets every shot (for the next game).
  void clear() noexcept { shots_.clear(); }

private:
  std::vector<RecordedShot> shots_;
};

/// The record of `game` as it stands, with `shots` (from a `GameRecorder`) and optional player
/// names.
template <BoardShape S, class Observer, class Shooter0, class Shooter1>
[[nodiscard]] GameRecord make_record(const Game<S, Observer, Shooter0, Shooter1>& game,
                                     std::vector<RecordedShot> shots,
                                     std::array<std::string, 2> players = {}) {
  GameRecord r;
  r.rows = game.board().rows();
  r.cols = game.board().cols();
  r.fleet = game.fleet();
  r.rules = game.rules();
  r.seed = game.seed();
  r.players = std::move(players);
  for (int p = 0; p < 2; ++p) {
    const Ocean<S>& ocean = game.ocean(p);
    if (!ocean.all_placed()) continue;
    for (int ship = 0; ship < ocean.ship_count(); ++ship)
      r.layouts[static_cast<std::size_t>(p)].push_back(ocean.placement(ship));
  }
  r.shots = std::move(shots);
  r.outcome = game.outcome();
  return r;
}

// ---- text -----------------------------------------------------------------------------------

namespace detail {
/// `s` as the reader takes it back: each control character (a line break, an escape, DEL) a
/// blank, and no blank at either end (the reader trims them; it refuses control characters).
inline std::string one_line(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f') c = ' ';
  const auto first = out.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  return out.substr(first, out.find_last_not_of(' ') - first + 1);
}
inline void append_outcome(std::string& out, const ShotOutcome& o) {
  out += to_string(o.result);
  if (o.result == ShotResult::hit || o.result == ShotResult::sunk)
    out += concat(' ', o.ship);
  else if (o.result == ShotResult::invalid)
    out += o.refusal == ShotRefusal::off_board ? " off_board" : " already_shot";
}
} // namespace detail

/// `record` in the text format described at the top of this header, which `parse_record` always
/// reads back. Names and the abort's reason are written on one line and read back trimmed: a
/// control character (a line break, an escape) becomes a blank, blanks at either end are not
/// kept, a player's name or a reason left empty is not written, and a ship class's name left
/// empty is written as its symbol.
[[nodiscard]] inline std::string to_text(const GameRecord& record) {
  using detail::concat;
  std::string out = "battleship-record 1\n";
  out += concat("board ", record.rows, ' ', record.cols, '\n');
  for (int i = 0; i < record.fleet.class_count(); ++i) {
    const ShipClass& c = record.fleet.ship_class(i);
    const std::string name = detail::one_line(c.name.view());
    out += concat("ship ", c.length, ' ', c.count, ' ', c.symbol, ' ',
                  name.empty() ? std::string(1, c.symbol) : name, '\n');
  }
  const Rules& r = record.rules;
  out += concat("rules touching=", to_string(r.touching), " disclosure=", to_string(r.disclosure),
                " volley=", to_string(r.volley), " salvo_size=", r.salvo_size,
                " equalising_shot=", std::string_view(r.equalising_shot ? "yes" : "no"),
                " invalid_shot=", to_string(r.invalid_shot),
                " max_invalid_in_a_row=", r.max_invalid_in_a_row, " shot_cap=", r.shot_cap, '\n');
  out += concat("seed ", record.seed, '\n');
  for (int p = 0; p < 2; ++p) {
    const std::string name = detail::one_line(record.players[static_cast<std::size_t>(p)]);
    if (!name.empty()) out += concat("player ", p, ' ', std::string_view(name), '\n');
  }
  for (int p = 0; p < 2; ++p) {
    const auto& layout = record.layouts[static_cast<std::size_t>(p)];
    for (std::size_t ship = 0; ship < layout.size(); ++ship) {
      const Placement& pl = layout[ship];
      out += concat("place ", p, ' ', ship, ' ', pl.origin.row, ' ', pl.origin.col, ' ',
                    pl.orientation == Orientation::horizontal ? 'h' : 'v', '\n');
    }
  }
  for (const RecordedShot& s : record.shots) {
    out += concat("shot ", s.player, ' ', s.cell.row, ' ', s.cell.col, ' ');
    detail::append_outcome(out, s.outcome);
    out += '\n';
  }
  const GameOutcome& o = record.outcome;
  out += concat("outcome ", to_string(o.end), ' ', o.winner, ' ', o.rounds, ' ', o.shots[0], ' ',
                o.shots[1], '\n');
  if (o.at_fault >= 0) out += concat("fault ", o.at_fault, '\n');
  if (const std::string reason = detail::one_line(o.reason); !reason.empty())
    out += concat("reason ", reason, '\n');
  out += "end\n";
  return out;
}

/// A parsed record, or the first problem found and its line.
struct RecordParse {
  std::optional<GameRecord> record; ///< The record, when the text is one.
  int line = 0;                     ///< 1-based line of the problem (0 when there is none).
  std::string error;                ///< "line N: what is wrong", when the text is not a record.
  std::vector<int> shot_lines;      ///< The line of each shot of the record, in order.
  std::array<std::vector<int>, 2> place_lines; ///< The line placing each player's ship, by id.
  int outcome_line = 0;                        ///< The line of the outcome.
  int board_line = 0; ///< The line of the board (where a board the fleet does not fit is blamed).
  int rules_line = 0; ///< The line of the rules.
  /// Whether parsing succeeded.
  [[nodiscard]] explicit operator bool() const noexcept { return record.has_value(); }
};

namespace detail {

class RecordParser {
public:
  explicit RecordParser(std::string_view text) : text_(text) {}

  RecordParse run() {
    RecordParse out;
    try {
      parse();
      out.record = std::move(record_);
      out.shot_lines = std::move(shot_lines_);
      out.place_lines = std::move(place_lines_);
      out.outcome_line = outcome_line_;
      out.board_line = board_line_;
      out.rules_line = rules_line_;
    } catch (const Failure& f) {
      out.line = line_no_;
      out.error = concat("line ", line_no_, ": ", std::string_view(f.what));
    }
    return out;
  }

private:
  struct Failure {
    std::string what;
  };
  enum class Stage { header, setup, places, shots, outcome, fault, reason, done };

  [[noreturn]] static void fail(std::string what) { throw Failure{std::move(what)}; }

  static std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
      s.remove_suffix(1);
    return s;
  }

  // The rest of the line as a name or reason: not empty, and with no control character, a tab
  // inside it included (the writer makes each a blank, so one read here could not come back; a
  // tab before or after it separates fields, and is trimmed).
  static std::string_view free_text(std::string_view rest, std::string_view what) {
    const std::string_view text = trimmed(rest);
    if (text.empty()) fail(concat("missing ", what));
    for (const char c : text)
      if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f')
        fail(concat(what, " has a control character (", static_cast<int>(c), ")"));
    return text;
  }

  // Splits off the first blank-separated field of `rest`.
  static std::string_view field(std::string_view& rest) {
    rest = trimmed(rest);
    std::size_t n = 0;
    while (n < rest.size() && rest[n] != ' ' && rest[n] != '\t') ++n;
    const std::string_view f = rest.substr(0, n);
    rest.remove_prefix(n);
    return f;
  }
  std::string_view need(std::string_view& rest, std::string_view what) {
    const std::string_view f = field(rest);
    if (f.empty()) fail(concat("missing ", what));
    return f;
  }
  void no_more(std::string_view rest) {
    if (!trimmed(rest).empty())
      fail(
          concat("unexpected text ", detail::quote_text(trimmed(rest)), " at the end of the line"));
  }

  template <class Int>
  Int number(std::string_view& rest, std::string_view what, Int lo, Int hi) {
    const std::string_view f = need(rest, what);
    Int value{};
    const auto [end, ec] = std::from_chars(f.data(), f.data() + f.size(), value);
    if (end != f.data() + f.size() || (ec != std::errc{} && ec != std::errc::result_out_of_range))
      fail(concat(what, " must be a whole number, got ", detail::quote_text(f)));
    if (ec == std::errc::result_out_of_range || value < lo || value > hi)
      fail(concat(what, " must be between ", lo, " and ", hi, ", got ", f));
    return value;
  }
  int integer(std::string_view& rest, std::string_view what, int lo, int hi) {
    return number<int>(rest, what, lo, hi);
  }

  void parse() {
    Stage stage = Stage::header;
    std::string_view text = text_;
    while (!text.empty() || stage != Stage::done) {
      if (text.empty()) {
        ++line_no_;
        fail("the record ends before its 'end' line");
      }
      const std::size_t nl = text.find('\n');
      std::string_view line = text.substr(0, nl);
      text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
      ++line_no_;
      if (line_no_ == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3); // a BOM
      line = trimmed(line);
      if (line.empty() || line.front() == '#') continue;
      std::string_view rest = line;
      const std::string_view key = field(rest);
      if (stage == Stage::done)
        fail(concat("unexpected ", detail::quote_text(key), " after 'end'"));
      if (stage == Stage::header) {
        if (key != "battleship-record") fail("a record starts with 'battleship-record 1'");
        integer(rest, "the format version", 1, 1);
        no_more(rest);
        stage = Stage::setup;
      } else if (key == "board") {
        setup_once(stage, seen_board_, key);
        board_line_ = line_no_;
        // The engine's own limits, so that every record `to_text` writes reads back.
        constexpr int most = static_cast<int>(max_board_cells);
        record_.rows = integer(rest, "rows", 1, most);
        record_.cols = integer(rest, "columns", 1, most);
        if (static_cast<std::size_t>(record_.rows) * static_cast<std::size_t>(record_.cols) >
            max_board_cells)
          fail(concat("a board has at most ", max_board_cells, " cells, got ", record_.rows, " x ",
                      record_.cols));
        no_more(rest);
      } else if (key == "ship") {
        if (stage != Stage::setup) fail("'ship' lines come before 'place' and 'shot' lines");
        ship_class(rest);
      } else if (key == "rules") {
        setup_once(stage, seen_rules_, key);
        rules_line_ = line_no_;
        rules(rest);
      } else if (key == "seed") {
        setup_once(stage, seen_seed_, key);
        record_.seed = number<std::uint64_t>(rest, "the seed", 0, UINT64_MAX);
        no_more(rest);
      } else if (key == "player") {
        if (stage != Stage::setup) fail("'player' lines come before 'place' and 'shot' lines");
        const int p = integer(rest, "the player", 0, 1);
        if (!record_.players[static_cast<std::size_t>(p)].empty())
          fail(concat("a second 'player ", p, "' line"));
        const std::string_view name = free_text(rest, "the player's name");
        record_.players[static_cast<std::size_t>(p)] = std::string(name);
      } else if (key == "place") {
        if (stage == Stage::setup) end_setup();
        if (stage != Stage::setup && stage != Stage::places)
          fail("'place' lines come before 'shot' lines");
        stage = Stage::places;
        place(rest);
      } else if (key == "shot") {
        if (stage == Stage::setup) end_setup();
        if (stage == Stage::places || stage == Stage::setup) end_places();
        if (stage != Stage::setup && stage != Stage::places && stage != Stage::shots)
          fail("'shot' lines come before the 'outcome' line");
        stage = Stage::shots;
        shot(rest);
      } else if (key == "outcome") {
        if (stage == Stage::setup) end_setup();
        if (stage == Stage::setup || stage == Stage::places) end_places();
        if (stage == Stage::outcome || stage == Stage::fault || stage == Stage::reason)
          fail("a second 'outcome' line");
        stage = Stage::outcome;
        outcome(rest);
      } else if (key == "fault") {
        if (stage != Stage::outcome) fail("'fault' comes right after the 'outcome' line");
        if (record_.outcome.end != GameEnd::aborted)
          fail("only an aborted game has a player at fault");
        record_.outcome.at_fault = integer(rest, "the player at fault", 0, 1);
        no_more(rest);
        stage = Stage::fault;
      } else if (key == "reason") {
        if (stage != Stage::outcome && stage != Stage::fault)
          fail("'reason' comes right after the 'outcome' line (or its 'fault' line)");
        const std::string_view why = free_text(rest, "the reason");
        record_.outcome.reason = std::string(why);
        stage = Stage::reason;
      } else if (key == "end") {
        if (stage != Stage::outcome && stage != Stage::fault && stage != Stage::reason)
          fail("'end' comes after the 'outcome' line");
        no_more(rest);
        stage = Stage::done;
      } else {
        fail(concat("unknown line ", detail::quote_text(key)));
      }
    }
  }

  void setup_once(Stage stage, bool& seen, std::string_view key) {
    if (stage != Stage::setup)
      fail(concat("'", key, "' comes before the 'place', 'shot' and 'outcome' lines"));
    if (seen) fail(concat("a second '", key, "' line"));
    seen = true;
  }

  void ship_class(std::string_view rest) {
    if (record_.fleet.class_count() == max_ship_classes)
      fail(concat("a fleet has at most ", max_ship_classes, " ship classes"));
    ShipClass c;
    c.length = integer(rest, "the ship length", 1, 1000);
    c.count = integer(rest, "the ship count", 1, max_ships);
    const std::string_view symbol = need(rest, "the ship symbol");
    if (symbol.size() != 1)
      fail(concat("a ship symbol is one character, got ", detail::quote_text(symbol)));
    c.symbol = symbol.front();
    const std::string_view name = free_text(rest, "the ship's name");
    if (name.size() > 31) fail("a ship name has at most 31 bytes");
    c.name = name;
    // Checked here, so that the error names this line rather than the first 'place' line.
    if (auto p = c.problem()) fail(*p);
    if (!seen_fleet_) record_.fleet = Fleet{};
    seen_fleet_ = true;
    if (const int k = record_.fleet.class_of_symbol(c.symbol); k >= 0)
      fail(concat('\'', c.name.view(), "' uses the symbol '", c.symbol, "' already used by '",
                  record_.fleet.ship_class(k).name.view(), '\''));
    record_.fleet.add(c);
    if (record_.fleet.ship_count() > max_ships)
      fail(concat("the fleet has ", record_.fleet.ship_count(), " ships; at most ", max_ships,
                  " are supported"));
  }

  template <class E, std::size_t N>
  static bool enum_value(std::string_view text, const std::array<E, N>& values, E& out) {
    for (E v : values)
      if (to_string(v) == text) {
        out = v;
        return true;
      }
    return false;
  }

  void rules(std::string_view rest) {
    Rules r;
    unsigned seen = 0;
    const std::array<std::string_view, 8> keys{
        "touching",     "disclosure",           "volley",  "salvo_size", "equalising_shot",
        "invalid_shot", "max_invalid_in_a_row", "shot_cap"};
    for (std::string_view item = field(rest); !item.empty(); item = field(rest)) {
      const std::size_t eq = item.find('=');
      if (eq == std::string_view::npos)
        fail(concat("a rule is written key=value, got ", detail::quote_text(item)));
      const std::string_view key = item.substr(0, eq);
      std::string_view value = item.substr(eq + 1);
      std::size_t k = 0;
      while (k < keys.size() && keys[k] != key) ++k;
      if (k == keys.size()) fail(concat("unknown rule ", detail::quote_text(key)));
      if (seen & (1U << k)) fail(concat("the rule '", key, "' is given twice"));
      seen |= 1U << k;
      const std::string bad = concat("unknown value ", detail::quote_text(value), " for the rule ",
                                     detail::quote_text(key));
      switch (k) {
      case 0:
        if (!enum_value(
                value,
                std::array{Touching::allowed, Touching::no_edge_contact, Touching::no_contact},
                r.touching))
          fail(bad);
        break;
      case 1:
        if (!enum_value(value,
                        std::array{Disclosure::hit_only, Disclosure::hit_and_sunk,
                                   Disclosure::sunk_with_name},
                        r.disclosure))
          fail(bad);
        break;
      case 2:
        if (!enum_value(value,
                        std::array{Volley::single, Volley::fixed_salvo, Volley::per_ship_afloat,
                                   Volley::until_miss},
                        r.volley))
          fail(bad);
        break;
      case 3: r.salvo_size = integer(value, key, 1, INT_MAX); break;
      case 4:
        if (value != "yes" && value != "no") fail(bad);
        r.equalising_shot = value == "yes";
        break;
      case 5:
        if (!enum_value(value, std::array{InvalidShot::refused, InvalidShot::forfeits},
                        r.invalid_shot))
          fail(bad);
        break;
      case 6: r.max_invalid_in_a_row = integer(value, key, 1, INT_MAX); break;
      default: r.shot_cap = integer(value, key, 0, INT_MAX); break;
      }
    }
    for (std::size_t k = 0; k < keys.size(); ++k)
      if (!(seen & (1U << k))) fail(concat("the rule '", keys[k], "' is missing"));
    if (auto p = r.problem()) fail(*p);
    record_.rules = r;
  }

  void end_setup() {
    if (!seen_board_) fail("the 'board' line is missing");
    if (!seen_fleet_) fail("the 'ship' lines are missing");
    if (!seen_rules_) fail("the 'rules' line is missing");
    if (!seen_seed_) fail("the 'seed' line is missing");
    if (auto p = record_.fleet.problem()) fail(*p);
    ships_ = record_.fleet.ship_count();
    for (auto& layout : record_.layouts) layout.assign(static_cast<std::size_t>(ships_), {});
    for (auto& lines : place_lines_) lines.assign(static_cast<std::size_t>(ships_), 0);
    placed_ = {};
  }

  void place(std::string_view rest) {
    const int p = integer(rest, "the player", 0, 1);
    const int ship = integer(rest, "the ship", 0, ships_ - 1);
    Placement pl;
    pl.origin.row = integer(rest, "the row", 0, record_.rows - 1);
    pl.origin.col = integer(rest, "the column", 0, record_.cols - 1);
    const std::string_view o = need(rest, "the orientation");
    if (o == "h")
      pl.orientation = Orientation::horizontal;
    else if (o == "v")
      pl.orientation = Orientation::vertical;
    else
      fail(concat("the orientation is h or v, got ", detail::quote_text(o)));
    no_more(rest);
    pl.length = record_.fleet.ship(ship).length;
    const std::uint64_t bit = std::uint64_t{1} << ship;
    auto& placed = placed_[static_cast<std::size_t>(p)];
    if (placed & bit) fail(concat("player ", p, "'s ship ", ship, " is placed twice"));
    placed |= bit;
    place_lines_[static_cast<std::size_t>(p)][static_cast<std::size_t>(ship)] = line_no_;
    record_.layouts[static_cast<std::size_t>(p)][static_cast<std::size_t>(ship)] = pl;
  }

  void end_places() {
    const std::uint64_t all = (std::uint64_t{1} << ships_) - 1;
    for (std::size_t p = 0; p < 2; ++p) {
      if (placed_[p] == 0) {
        record_.layouts[p].clear();
        place_lines_[p].clear();
      } else if (placed_[p] != all)
        fail(concat("player ", p, "'s layout lacks some ships; give all or none"));
    }
  }

  void shot(std::string_view rest) {
    RecordedShot s;
    s.player = integer(rest, "the player", 0, 1);
    // Off-board shots are recorded as named, so any row and column is allowed.
    s.cell.row = integer(rest, "the row", INT_MIN, INT_MAX);
    s.cell.col = integer(rest, "the column", INT_MIN, INT_MAX);
    const std::string_view what = need(rest, "the outcome");
    if (what == "miss") {
      s.outcome = ShotOutcome{ShotResult::miss, -1, ShotRefusal::none};
    } else if (what == "hit" || what == "sunk") {
      const int ship = integer(rest, "the ship", 0, ships_ - 1);
      s.outcome =
          ShotOutcome{what == "hit" ? ShotResult::hit : ShotResult::sunk, ship, ShotRefusal::none};
    } else if (what == "invalid") {
      const std::string_view why = need(rest, "the reason the shot is invalid");
      if (why == "off_board")
        s.outcome = ShotOutcome{ShotResult::invalid, -1, ShotRefusal::off_board};
      else if (why == "already_shot")
        s.outcome = ShotOutcome{ShotResult::invalid, -1, ShotRefusal::already_shot};
      else
        fail(concat("an invalid shot is off_board or already_shot, got ", detail::quote_text(why)));
    } else {
      fail(
          concat("a shot's outcome is miss, hit, sunk or invalid, got ", detail::quote_text(what)));
    }
    no_more(rest);
    record_.shots.push_back(s);
    shot_lines_.push_back(line_no_);
  }

  void outcome(std::string_view rest) {
    GameOutcome& o = record_.outcome;
    outcome_line_ = line_no_;
    const std::string_view end = need(rest, "how the game ended");
    if (!enum_value(end,
                    std::array{GameEnd::in_progress, GameEnd::win, GameEnd::draw, GameEnd::aborted},
                    o.end))
      fail(concat("a game ends in_progress, win, draw or aborted, got ", detail::quote_text(end)));
    o.winner = integer(rest, "the winner", -1, 1);
    if ((o.end == GameEnd::win) != (o.winner >= 0))
      fail("a won game has winner 0 or 1; any other has -1");
    o.rounds = integer(rest, "the rounds", 0, INT_MAX);
    o.shots[0] = integer(rest, "player 0's shots", 0, INT_MAX);
    o.shots[1] = integer(rest, "player 1's shots", 0, INT_MAX);
    no_more(rest);
  }

  std::string_view text_;
  int line_no_ = 0;
  GameRecord record_;
  bool seen_board_ = false;
  bool seen_fleet_ = false;
  bool seen_rules_ = false;
  bool seen_seed_ = false;
  int ships_ = 0;
  std::array<std::uint64_t, 2> placed_{};
  std::vector<int> shot_lines_;
  std::array<std::vector<int>, 2> place_lines_;
  int outcome_line_ = 0;
  int board_line_ = 0;
  int rules_line_ = 0;
};

} // namespace detail

/// Reads a record written in the text format described at the top of this header; on bad input
/// returns the line and the problem instead (never throws on any input).
[[nodiscard]] inline RecordParse parse_record(std::string_view text) {
  return detail::RecordParser(text).run();
}

// ---- replay ---------------------------------------------------------------------------------

/// Where a replay first parted from its record.
struct ReplayMismatch {
  /// Index in `GameRecord::shots` of the first shot that differs; `shots.size()` when the shots
  /// agree but the outcome differs; `setup` when the game could not even be set up.
  std::size_t shot = 0;
  std::string problem; ///< What differs, in words.
  int player = -1;     ///< For a layout that cannot be placed: whose (else -1).
  int ship = -1;       ///< For a layout that cannot be placed: which ship (else -1).
  /// A part of a record's set-up.
  enum class Part : std::uint8_t {
    none,    ///< The set-up is fine (the shots or the outcome differ).
    board,   ///< The board: a size this shape cannot hold, or a fleet it cannot take.
    rules,   ///< The rules are inconsistent.
    layouts, ///< A layout: a ship that cannot lie there, or one missing.
  };
  Part part = Part::none; ///< Which part of the set-up is unusable, when `shot` is `setup`.
  /// The `shot` value of a record whose board, fleet, rules or layouts are unusable.
  static constexpr std::size_t setup = static_cast<std::size_t>(-1);
};

/// What replaying a record gave.
template <BoardShape S>
struct ReplayResult {
  std::optional<ReplayMismatch> mismatch; ///< The first difference, or none.
  GameOutcome outcome;                    ///< The outcome the replay reached.
  std::vector<Ocean<S>> oceans;           ///< Both players' oceans after the replay (empty if
                                          ///< the game could not be set up).
  std::size_t shots_replayed = 0;         ///< Recorded shots that matched.
  /// Whether the replay matched the record exactly.
  [[nodiscard]] bool ok() const noexcept { return !mismatch.has_value(); }
};

namespace detail {

/// A board shape of type `S` with `rows` x `cols`, or why there is none.
template <BoardShape S>
std::optional<S> shape_for(int rows, int cols, std::string& why) {
  if constexpr (std::is_constructible_v<S, int, int>) {
    try {
      return S(rows, cols);
    } catch (const std::invalid_argument& e) {
      why = e.what();
      return std::nullopt;
    }
  } else {
    const S s{};
    if (s.rows() == rows && s.cols() == cols) return s;
    why = concat("the record is for a ", rows, " x ", cols, " board; this replay needs ", s.rows(),
                 " x ", s.cols());
    return std::nullopt;
  }
}

// Fires a player's recorded cells in order, then off-board cells: a cell named after the
// record's last is either never announced (a volley cut short by an abort names cells it never
// fires) or announced as a shot the record lacks, which the checker reports.
template <BoardShape S>
struct ScriptedShooter {
  const std::vector<Coord>* cells = nullptr;
  std::size_t next = 0;
  void start(const TargetView<S>&) { next = 0; }
  Coord next_shot(const TargetView<S>&, Rng&) {
    return next < cells->size() ? (*cells)[next++] : Coord{-1, -1};
  }
  void on_result(const TargetView<S>&, Coord, const ShotOutcome&) {}
};

// Compares each announced shot with the record; reports the first difference through `stop`.
struct ReplayChecker {
  const GameRecord* record = nullptr;
  std::size_t next = 0;
  std::optional<ReplayMismatch> mismatch;
  std::function<void()> stop;
  /// Called once the last recorded shot matched (ends a record of an aborted game where it was
  /// aborted, even inside a volley).
  std::function<void()> last;

  static std::string describe(int player, Coord c, const ShotOutcome& o) {
    std::string s = concat("player ", player, " at ", c.row, ' ', c.col, ": ");
    append_outcome(s, o);
    return s;
  }
  void fail(std::string problem) {
    if (mismatch) return;
    mismatch = ReplayMismatch{next, std::move(problem)};
    stop();
  }
  void on_shot(int player, Coord cell, const ShotOutcome& full, const ShotOutcome&) {
    if (mismatch) return;
    if (next >= record->shots.size())
      return fail(concat("the record has no more shots, but the game goes on (",
                         std::string_view(describe(player, cell, full)), ")"));
    const RecordedShot& want = record->shots[next];
    if (want.player != player || !(want.cell == cell) || !(want.outcome == full))
      return fail(concat("shot ", next, ": the record says ",
                         std::string_view(describe(want.player, want.cell, want.outcome)),
                         " but the replay gives ", std::string_view(describe(player, cell, full))));
    ++next;
    if (next == record->shots.size() && last) last();
  }
};

inline std::string describe(const GameOutcome& o) {
  std::string s(to_string(o.end));
  if (o.end == GameEnd::win) s += concat(" by player ", o.winner);
  s += concat(" after ", o.rounds, " rounds, shots ", o.shots[0], " and ", o.shots[1]);
  if (o.at_fault >= 0) s += concat(", player ", o.at_fault, " at fault");
  if (!o.reason.empty()) s += concat(" (", std::string_view(o.reason), ")");
  return s;
}

} // namespace detail

/// Replays `record` on fresh oceans: places both layouts, then lets the rules run the game with
/// each player firing its recorded cells in order, and checks that every announced shot (player,
/// cell, full outcome) and the final outcome match the record.
///
/// Turn order, volleys, refusals and the end of the game all come from the rules, so a record
/// whose shots were reordered, moved, given another outcome, cut short or extended is caught at
/// its first difference. `S` must be able to hold the record's board (a `FixedShape` of exactly
/// that size, or a `DynamicShape` large enough).
template <BoardShape S>
[[nodiscard]] ReplayResult<S> replay(const GameRecord& record) {
  using detail::concat;
  ReplayResult<S> result;
  using Part = ReplayMismatch::Part;
  auto setup_fails = [&](std::string problem, Part part = Part::layouts) {
    result.mismatch = ReplayMismatch{ReplayMismatch::setup, std::move(problem)};
    result.mismatch->part = part;
    return result;
  };
  std::string why;
  const std::optional<S> shape = detail::shape_for<S>(record.rows, record.cols, why);
  if (!shape) return setup_fails(why, Part::board);
  if (auto p = record.fleet.problem(*shape)) return setup_fails(*p, Part::board);
  if (auto p = record.rules.problem()) return setup_fails(*p, Part::rules);

  std::array<std::vector<Coord>, 2> scripts;
  for (const RecordedShot& s : record.shots)
    scripts[static_cast<std::size_t>(s.player == 0 ? 0 : 1)].push_back(s.cell);

  using Scripted = detail::ScriptedShooter<S>;
  using ReplayGame = Game<S, detail::ReplayChecker, Scripted, Scripted>;
  ReplayGame game(Board<S>(*shape), record.fleet, record.rules, Scripted{&scripts[0]},
                  Scripted{&scripts[1]}, record.seed);
  detail::ReplayChecker checker;
  checker.record = &record;
  checker.stop = [&] { game.abort("the replay parted from the record"); };
  if (record.outcome.end == GameEnd::aborted)
    checker.last = [&] { game.abort(record.outcome.reason, record.outcome.at_fault); };

  bool unplaced = false;
  for (int p = 0; p < 2; ++p) {
    const auto& layout = record.layouts[static_cast<std::size_t>(p)];
    if (layout.empty()) {
      unplaced = true;
      continue;
    }
    if (static_cast<int>(layout.size()) != record.fleet.ship_count())
      return setup_fails(concat("player ", p, "'s layout has ", layout.size(),
                                " ships; the fleet has ", record.fleet.ship_count()));
    for (int ship = 0; ship < record.fleet.ship_count(); ++ship) {
      const Placement& pl = layout[static_cast<std::size_t>(ship)];
      const PlacementRefusal r = game.ocean(p).place(ship, pl);
      if (r != PlacementRefusal::none) {
        setup_fails(concat("player ", p, "'s ship ", ship, " at ", pl.origin.row, ' ',
                           pl.origin.col, ": ", to_string(r)));
        result.mismatch->player = p;
        result.mismatch->ship = ship;
        return result;
      }
    }
  }
  if (unplaced) {
    // Taken before every fleet was laid out (nothing played yet), or a game that stopped before
    // shooting because a fleet was never placed: nothing to fire either way.
    const bool before_play = record.outcome.end == GameEnd::in_progress && record.shots.empty();
    if (!before_play && (record.outcome.end != GameEnd::aborted || !record.shots.empty()))
      return setup_fails("a player has no layout, but the record is not of a game aborted "
                         "before its first shot, nor of one taken before any shot");
    if (!before_play) game.abort(record.outcome.reason, record.outcome.at_fault);
  }

  game.observe(&checker);
  if (record.outcome.end == GameEnd::in_progress || record.outcome.end == GameEnd::aborted) {
    // Recorded before its end, or aborted (by a player who resigned, by an observer): fire the
    // recorded shots only; the checker ends an aborted game at its last recorded shot. A volley
    // at a time: a record taken in the middle of a turn (after a hit under `until_miss`) ends
    // there, and a whole turn would ask for shots past its end.
    while (!game.is_over() && checker.next < record.shots.size()) game.play_volley();
    if (record.outcome.end == GameEnd::aborted && !game.is_over())
      game.abort(record.outcome.reason, record.outcome.at_fault);
  } else {
    game.play_to_end();
  }
  result.mismatch = checker.mismatch;
  result.shots_replayed = checker.next;
  result.outcome = game.outcome();
  if (!result.mismatch && checker.next < record.shots.size())
    result.mismatch = ReplayMismatch{
        checker.next,
        concat("the game is over (", std::string_view(detail::describe(game.outcome())),
               ") but the record has ", record.shots.size() - checker.next, " more shots")};
  if (!result.mismatch && !(game.outcome() == record.outcome))
    result.mismatch = ReplayMismatch{
        record.shots.size(),
        concat("the record's outcome is ", std::string_view(detail::describe(record.outcome)),
               " but the replay's is ", std::string_view(detail::describe(game.outcome())))};
  result.oceans = {game.ocean(0), game.ocean(1)};
  return result;
}

/// The verdict on a record given as text: parsed, then replayed.
struct RecordCheck {
  bool ok = false;   ///< Whether the text is a record that replays exactly.
  int line = 0;      ///< The line of the first problem (0 when there is none).
  std::string error; ///< "line N: what is wrong" (empty when `ok`).
};

/// Replays a parsed record on boards of shape type `S`; the first problem, whether in the text
/// (the parse's error) or in the game it describes (a shot whose outcome the ocean contradicts, a
/// shot out of turn, a ship that cannot lie where it is placed, a wrong outcome), comes back
/// with its line. For a caller that keeps the parsed record too (the Python binding).
template <BoardShape S>
[[nodiscard]] RecordCheck check_record(const RecordParse& parsed) {
  using detail::concat;
  RecordCheck out;
  if (!parsed) {
    out.line = parsed.line;
    out.error = parsed.error;
    return out;
  }
  const ReplayResult<S> r = replay<S>(*parsed.record);
  if (r.ok()) {
    out.ok = true;
    return out;
  }
  const ReplayMismatch& m = *r.mismatch;
  if (m.shot == ReplayMismatch::setup && m.player >= 0)
    out.line =
        parsed.place_lines[static_cast<std::size_t>(m.player)][static_cast<std::size_t>(m.ship)];
  else if (m.shot == ReplayMismatch::setup)
    out.line = m.part == ReplayMismatch::Part::board   ? parsed.board_line
               : m.part == ReplayMismatch::Part::rules ? parsed.rules_line
                                                       : parsed.outcome_line; // a missing layout
  else if (m.shot < parsed.shot_lines.size())
    out.line = parsed.shot_lines[m.shot];
  else
    out.line = parsed.outcome_line;
  out.error = concat("line ", out.line, ": ", std::string_view(m.problem));
  return out;
}

/// Parses `text` and replays it on boards of shape type `S` (`check_record` of the parse).
template <BoardShape S>
[[nodiscard]] RecordCheck check_record(std::string_view text) {
  return check_record<S>(parse_record(text));
}

} // namespace battleship
