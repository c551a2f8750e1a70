/// @file io/layout_text.hpp
/// @brief A fleet layout drawn as a grid of ship symbols, read into `ShipPlacement`s for the
/// `FixedPlacer` and written back.
///
/// ## The text format
///
/// ```text
/// # fleets::classic; '#' starts a comment, blank lines are skipped
/// C C C C C . . . . .
/// . . . . . . . . . .
/// B . . . . . . . . .
/// B . . . R R R . . .
/// B . . . . . . . . .
/// B . . . . . . S . .
/// . . . . . . . S . .
/// . . . . . . . S . .
/// . . . . . . . . . .
/// . D D . . . . . . .
/// ```
///
/// One line per board row, one character per cell; blanks, commas and semicolons between cells
/// are ignored, and so is a UTF-8 byte order mark at the start. `.` and `~` are water; any other
/// character must be the symbol of a ship class of the fleet. Each class's cells must form straight
/// ships of the class's length, as many as the class's count. Ships of one class may touch: a run
/// longer than one ship splits into consecutive ships, and when the drawing allows several readings
/// the first found (in reading order, across before down) is taken. A fleet whose symbols the
/// format uses itself (`#`, `,`, `;` and `~`, which `Fleet` allows for CS32's sake) cannot be
/// drawn: both functions refuse it.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/detail/unicode.hpp>
#include <battleship/fleet.hpp>
#include <battleship/ocean.hpp>
#include <battleship/placement/fixed.hpp>

namespace battleship {

/// A parsed layout, or the first problem found.
struct LayoutParse {
  /// The ships, when valid, in the order the text shows them (by each ship's first cell, row by
  /// row), not by ship id: copies of one class take that class's ids in the same order. Sort by
  /// `ShipPlacement::ship` to compare with a layout listed by id.
  std::optional<std::vector<ShipPlacement>> layout;
  std::string error; ///< "line N: what is wrong" (or what is wrong with the whole), otherwise.
  /// The line of the text (from 1) each board row was read from, when valid: so a refusal found
  /// later (a touching rule, which the ocean checks) can name the line, as `error` does.
  std::vector<int> row_lines;
  /// Whether parsing succeeded.
  [[nodiscard]] explicit operator bool() const noexcept { return layout.has_value(); }
};

namespace detail {
inline bool is_cell_separator(char c) {
  return c == ' ' || c == '\t' || c == ',' || c == ';' || c == '\r';
}
inline bool is_water(char c) {
  return c == '.' || c == '~';
}
/// Why the layout format cannot draw `fleet` (a symbol it reads as something else), if so.
inline std::optional<std::string> undrawable(const Fleet& fleet) {
  for (int k = 0; k < fleet.class_count(); ++k) {
    const ShipClass& cls = fleet.ship_class(k);
    if (cls.symbol == '#' || cls.symbol == '~' || is_cell_separator(cls.symbol))
      return concat("the ", cls.name.view(), "'s symbol '", cls.symbol,
                    "' means a comment, water or a separator in a layout; give it another");
  }
  return std::nullopt;
}
/// The cells of one line: its characters (UTF-8 code points, or bytes where it is not UTF-8)
/// other than separators, each as its bytes.
inline std::vector<std::string_view> layout_cells(std::string_view line) {
  std::vector<std::string_view> cells;
  const bool utf8 = !utf8_error(line);
  for (std::size_t i = 0; i < line.size();) {
    std::size_t n = 1;
    if (utf8)
      while (i + n < line.size() && (static_cast<unsigned char>(line[i + n]) & 0xC0) == 0x80) ++n;
    if (n > 1 || !is_cell_separator(line[i])) cells.push_back(line.substr(i, n));
    i += n;
  }
  return cells;
}
} // namespace detail

namespace detail {
/// Splits the ship cells of a grid into straight ships of the fleet, searching every reading:
/// the first unclaimed cell in reading order starts a ship running across or down. Ships of
/// one class may touch, so a greedy reading can fail where another succeeds.
class ShipSplitter {
public:
  ShipSplitter(const Fleet& fleet, std::vector<char> grid, int rows, int cols)
      : fleet_(fleet), grid_(std::move(grid)), rows_(rows), cols_(cols) {
    for (int k = 0, id = 0; k < fleet.class_count(); ++k) {
      first_id_[static_cast<std::size_t>(k)] = id;
      id += fleet.ship_class(k).count;
    }
  }

  /// Most ships the search tries before it gives up: a large block of one small class can have
  /// more readings than any drawing deserves (0.23 s to give up on 64 cells of dominoes, -O2).
  static constexpr long budget = 5'000'000;

  /// The ships, or nothing when no reading fits the fleet (or none was found within `budget`,
  /// then `gave_up()`).
  std::optional<std::vector<ShipPlacement>> split() {
    if (!search(0)) return std::nullopt;
    return layout_;
  }
  /// Whether the last `split` stopped at `budget`.
  [[nodiscard]] bool gave_up() const noexcept { return tries_ > budget; }

private:
  char& at(int r, int c) { return grid_[static_cast<std::size_t>(r * cols_ + c)]; }

  bool fits(int r, int c, bool across, int length, char symbol) {
    for (int i = 0; i < length; ++i) {
      const int rr = across ? r : r + i;
      const int cc = across ? c + i : c;
      if (rr >= rows_ || cc >= cols_ || at(rr, cc) != symbol) return false;
    }
    return true;
  }

  void mark(int r, int c, bool across, int length, char value) {
    for (int i = 0; i < length; ++i) at(across ? r : r + i, across ? c + i : c) = value;
  }

  bool search(int from) {
    int cell = from;
    while (cell < rows_ * cols_ && (grid_[static_cast<std::size_t>(cell)] == '\0' ||
                                    is_water(grid_[static_cast<std::size_t>(cell)])))
      ++cell;
    if (cell == rows_ * cols_) {
      for (int k = 0; k < fleet_.class_count(); ++k)
        if (found_[static_cast<std::size_t>(k)] != fleet_.ship_class(k).count) return false;
      return true;
    }
    const int r = cell / cols_;
    const int c = cell % cols_;
    const char symbol = at(r, c);
    const int k = fleet_.class_of_symbol(symbol);
    const ShipClass& cls = fleet_.ship_class(k);
    int& n = found_[static_cast<std::size_t>(k)];
    if (n == cls.count) return false;
    for (const bool across : {true, false}) {
      if (cls.length == 1 && !across) break; // one cell: one reading
      if (!fits(r, c, across, cls.length, symbol)) continue;
      if (++tries_ > budget) return false;
      mark(r, c, across, cls.length, '\0');
      layout_.push_back(ShipPlacement{
          first_id_[static_cast<std::size_t>(k)] + n,
          Placement{Coord{r, c}, across ? Orientation::horizontal : Orientation::vertical,
                    cls.length}});
      ++n;
      if (search(cell + 1)) return true;
      --n;
      layout_.pop_back();
      mark(r, c, across, cls.length, symbol);
    }
    return false;
  }

  const Fleet& fleet_;
  std::vector<char> grid_;
  int rows_;
  int cols_;
  std::array<int, max_ship_classes> found_{};
  std::array<int, max_ship_classes> first_id_{};
  std::vector<ShipPlacement> layout_;
  long tries_ = 0;
};
} // namespace detail

/// Reads `text` as a layout of `fleet` on `board` (format at the top of this header).
///
/// Checks only what the text itself can get wrong: the grid's size, unknown symbols, and that
/// each class's cells form the right number of straight ships of the right length. Whether the
/// layout obeys a touching rule or avoids blocked cells is the ocean's call, made when a
/// `FixedPlacer` places it. Never throws on bad text: the result names the line and the problem.
template <BoardShape S>
[[nodiscard]] LayoutParse parse_layout(const Board<S>& board, const Fleet& fleet,
                                       std::string_view text) {
  using detail::concat;
  const int rows = board.rows();
  const int cols = board.cols();
  std::vector<char> grid;
  grid.reserve(static_cast<std::size_t>(rows * cols));
  std::vector<int> grid_line; // source line of each grid row, for messages
  int line_no = 0;
  auto fail = [](std::string message) { return LayoutParse{std::nullopt, std::move(message), {}}; };
  if (auto why = detail::undrawable(fleet)) return fail(std::move(*why));
  // A byte order mark, which some editors put at the start of a UTF-8 file, is not a cell.
  if (constexpr std::string_view bom = "\xEF\xBB\xBF"; text.starts_with(bom))
    text.remove_prefix(bom.size());

  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++line_no;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    const std::vector<std::string_view> cells = detail::layout_cells(line);
    if (cells.empty()) continue;
    if (static_cast<int>(grid_line.size()) == rows)
      return fail(concat("line ", line_no, ": the board has only ", rows, " rows"));
    if (static_cast<int>(cells.size()) != cols)
      return fail(concat("line ", line_no, ": expected ", cols, " cells, found ", cells.size()));
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const std::string_view c = cells[i];
      if (c.size() != 1 || (!detail::is_water(c[0]) && fleet.class_of_symbol(c[0]) < 0))
        return fail(concat("line ", line_no, ", column ", i + 1, ": ", detail::quote_text(c),
                           " is neither water ('.' or '~') nor a ship symbol of the fleet"));
      grid.push_back(c[0]);
    }
    grid_line.push_back(line_no);
  }
  if (static_cast<int>(grid_line.size()) != rows)
    return fail(concat("expected ", rows, " rows, found ", grid_line.size()));

  // A class drawn with the wrong number of cells has no reading: the search, which can take
  // long on a large block of one class, is skipped for the greedy reading's message below.
  bool counts_fit = true;
  for (int k = 0; k < fleet.class_count(); ++k) {
    const ShipClass& cls = fleet.ship_class(k);
    counts_fit = counts_fit && std::count(grid.begin(), grid.end(), cls.symbol) ==
                                   static_cast<long>(cls.count) * cls.length;
  }
  if (counts_fit) {
    detail::ShipSplitter splitter(fleet, grid, rows, cols);
    if (auto ships = splitter.split()) return LayoutParse{std::move(*ships), {}, grid_line};
    if (splitter.gave_up())
      return fail(concat("no reading into straight ships found after trying ",
                         detail::ShipSplitter::budget,
                         " ships; draw fewer ships of one class side by side"));
  }

  // No reading fits: a greedy reading finds the first ship that goes wrong, for the message.
  auto at = [&](int r, int c) -> char& { return grid[static_cast<std::size_t>(r * cols + c)]; };
  std::vector<ShipPlacement> layout;
  std::array<int, max_ship_classes> found{};
  std::array<int, max_ship_classes> first_id{};
  for (int k = 0, id = 0; k < fleet.class_count(); ++k) {
    first_id[static_cast<std::size_t>(k)] = id;
    id += fleet.ship_class(k).count;
  }
  auto complete = [&](int r, int c, bool across, int length, char symbol) {
    int i = 0;
    for (; i < length; ++i) {
      const int rr = across ? r : r + i;
      const int cc = across ? c + i : c;
      if (rr >= rows || cc >= cols || at(rr, cc) != symbol) break;
    }
    return i;
  };
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const char symbol = at(r, c);
      if (detail::is_water(symbol) || symbol == '\0') continue;
      const int k = fleet.class_of_symbol(symbol);
      const ShipClass& cls = fleet.ship_class(k);
      const int across_run = complete(r, c, true, cls.length, symbol);
      const bool across = cls.length > 1 && across_run == cls.length;
      if (!across) {
        const int down_run = complete(r, c, false, cls.length, symbol);
        if (down_run != cls.length)
          return fail(concat("line ", grid_line[static_cast<std::size_t>(r)], ", column ", c + 1,
                             ": the ", cls.name.view(), " ('", symbol, "') starting here is ",
                             (std::max)(across_run, down_run), " long, not ", cls.length));
      }
      const Placement p{Coord{r, c}, across ? Orientation::horizontal : Orientation::vertical,
                        cls.length};
      for (int i = 0; i < cls.length; ++i) at(across ? r : r + i, across ? c + i : c) = '\0';
      int& n = found[static_cast<std::size_t>(k)];
      if (n == cls.count)
        return fail(concat("line ", grid_line[static_cast<std::size_t>(r)], ", column ", c + 1,
                           ": one ", cls.name.view(), " ('", symbol, "') too many; the fleet has ",
                           cls.count));
      layout.push_back(ShipPlacement{first_id[static_cast<std::size_t>(k)] + n, p});
      ++n;
    }
  }
  for (int k = 0; k < fleet.class_count(); ++k) {
    const ShipClass& cls = fleet.ship_class(k);
    if (found[static_cast<std::size_t>(k)] != cls.count)
      return fail(concat("the fleet has ", cls.count, " x ", cls.name.view(), " ('", cls.symbol,
                         "'), the layout ", found[static_cast<std::size_t>(k)]));
  }
  return LayoutParse{std::move(layout), {}, grid_line};
}

/// What `place_layout` did: the ocean took the drawn layout, or the first problem.
struct LayoutPlacing {
  /// Why the ocean refused a ship (`touching` or `blocked`); `none` when it took the layout or
  /// when the text itself was malformed.
  PlacementRefusal refusal = PlacementRefusal::none;
  /// Empty when the ocean took the layout; otherwise the parse's error ("line N: ..."), or the
  /// refused ship in the text's terms: "line 3, column 6: the Carrier ('C') starting here,
  /// across: " and the refusal's sentence.
  std::string error;
  /// Whether the ocean took the layout.
  [[nodiscard]] explicit operator bool() const noexcept { return error.empty(); }
};

/// Lays out `ocean`'s fleet as `parsed` draws it, replacing its ships and shots (its blocks
/// stay, as for a placer): all or nothing. The ocean checks what the text cannot (its touching
/// rule and blocked cells); a refusal names the ship's line and column in the text, and the
/// ocean is then exactly as it was. `parsed` must come from `parse_layout` with the ocean's board
/// and fleet (a parse of another board or fleet is refused by the ocean's own checks).
template <BoardShape S>
[[nodiscard]] LayoutPlacing place_layout(Ocean<S>& ocean, const LayoutParse& parsed) {
  using detail::concat;
  if (!parsed) return LayoutPlacing{PlacementRefusal::none, parsed.error};
  Ocean<S> trial = ocean; // refusals leave `ocean` untouched
  trial.clear_ships();
  for (const ShipPlacement& entry : *parsed.layout) {
    const PlacementRefusal why = trial.place(entry.ship, entry.placement);
    if (why == PlacementRefusal::none) continue;
    const Coord at = entry.placement.origin;
    const auto row = static_cast<std::size_t>(at.row);
    const int line = row < parsed.row_lines.size() ? parsed.row_lines[row] : at.row + 1;
    std::string ship = "ship " + std::to_string(entry.ship);
    if (entry.ship >= 0 && entry.ship < ocean.fleet().ship_count()) {
      const auto s = ocean.fleet().ship(entry.ship);
      ship = concat("the ", s.name, " ('", s.symbol, "')");
    }
    return LayoutPlacing{
        why, concat("line ", line, ", column ", at.col + 1, ": ", ship, " starting here, ",
                    entry.placement.orientation == Orientation::horizontal ? "across" : "down",
                    ": ", to_string(why))};
  }
  ocean = std::move(trial);
  return LayoutPlacing{};
}

/// Reads `text` as a layout of `ocean`'s fleet on its board (`parse_layout`) and lays the fleet
/// out as drawn (`place_layout` above): all or nothing, with the line of the first problem, be
/// it in the text or a ship the ocean refuses.
template <BoardShape S>
[[nodiscard]] LayoutPlacing place_layout(Ocean<S>& ocean, std::string_view text) {
  return place_layout(ocean, parse_layout(ocean.board(), ocean.fleet(), text));
}

/// The ships placed on `ocean`, in fleet order: the layout `format_layout` draws.
template <BoardShape S>
[[nodiscard]] std::vector<ShipPlacement> placed_layout(const Ocean<S>& ocean) {
  std::vector<ShipPlacement> layout;
  for (int ship = 0; ship < ocean.fleet().ship_count(); ++ship)
    if (ocean.is_placed(ship)) layout.push_back(ShipPlacement{ship, ocean.placement(ship)});
  return layout;
}

/// `layout` of `fleet` drawn in the format `parse_layout` reads: ship symbols and `.` for water,
/// cells separated by blanks, one line per row. Entries off the board or with an unknown ship
/// are skipped. Throws `std::invalid_argument` for a fleet the format cannot draw (a symbol it
/// reads as a comment, water or a separator).
template <BoardShape S>
[[nodiscard]] std::string format_layout(const Board<S>& board, const Fleet& fleet,
                                        const std::vector<ShipPlacement>& layout) {
  if (auto why = detail::undrawable(fleet)) throw std::invalid_argument(*why);
  std::string grid(static_cast<std::size_t>(board.rows() * board.cols()), '.');
  for (const ShipPlacement& e : layout) {
    if (e.ship < 0 || e.ship >= fleet.ship_count() || !board.contains(e.placement)) continue;
    const char symbol = fleet.ship(e.ship).symbol;
    for (int i = 0; i < e.placement.length; ++i) {
      const bool across = e.placement.orientation == Orientation::horizontal;
      const Coord c{e.placement.origin.row + (across ? 0 : i),
                    e.placement.origin.col + (across ? i : 0)};
      grid[board.index(c)] = symbol;
    }
  }
  std::string out;
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      if (c > 0) out.push_back(' ');
      out.push_back(grid[board.index(Coord{r, c})]);
    }
    out.push_back('\n');
  }
  return out;
}

} // namespace battleship
