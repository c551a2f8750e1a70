// What the text readers promise on any input, as checks a fuzzer and the Catch2 suite share: each
// returns what went wrong, or nothing. The readers must never crash, hang or throw what they do
// not document; what they accept must survive writing and reading again unchanged; what they
// refuse must say where (a line) and what.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <battleship/compat/bbm103.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/game_record.hpp>
#include <battleship/io/coord_text.hpp>
#include <battleship/io/layout_text.hpp>
#include <battleship/shape.hpp>

namespace battleship_fuzz {

using battleship::detail::concat;
using Problem = std::optional<std::string>;

/// The boards the checks read on: as large as the Python module's largest shape.
using Shape = battleship::DynamicShape<1024>;

/// Lines in `text`, counting a last line without its newline.
inline int line_count(std::string_view text) {
  int n = 0;
  for (const char c : text) n += c == '\n';
  return n + (text.empty() || text.back() == '\n' ? 0 : 1);
}

/// A game record (`parse_record`, then `check_record`, which replays it).
inline Problem check_record_text(std::string_view text) {
  using namespace battleship;
  const RecordParse parsed = parse_record(text);
  if (!parsed) {
    if (parsed.line < 1 || parsed.line > line_count(text) + 1)
      return concat("refusal at line ", parsed.line, " of a ", line_count(text), "-line text");
    if (parsed.error.rfind(concat("line ", parsed.line, ": "), 0) != 0)
      return concat("refusal does not start with its line: ", std::string_view(parsed.error));
  } else {
    const std::string written = to_text(*parsed.record);
    const RecordParse again = parse_record(written);
    if (!again) return concat("a record's own text is refused: ", std::string_view(again.error));
    if (!(*again.record == *parsed.record)) return std::string("a record changed on rewriting");
  }
  const RecordCheck checked = check_record<Shape>(text);
  if (checked.ok && !parsed) return std::string("check_record took a text parse_record refused");
  if (!checked.ok && (checked.line < 1 || checked.error.empty()))
    return concat("check_record refusal without a line: ", std::string_view(checked.error));
  return std::nullopt;
}

/// A layout fuzzer's input: its first byte picks the board and fleet (modulo 4: the classic
/// fleet on 10 x 10, the Russian fleet there, the classic again, two boats of 2 and a ship of 3
/// on 4 x 6), the rest is the drawing.
struct LayoutInput {
  battleship::Board<Shape> board;
  battleship::Fleet fleet;
  std::string_view text;
};
inline LayoutInput layout_input(std::string_view input) {
  using namespace battleship;
  const int pick = input.empty() ? 0 : static_cast<unsigned char>(input[0]) % 4;
  return {Board<Shape>(pick == 3 ? Shape(4, 6) : Shape(10, 10)),
          pick == 1   ? fleets::russian
          : pick == 3 ? Fleet{{"Boat", 'B', 2, 2}, {"Ship", 'S', 3, 1}}
                      : fleets::classic,
          input.empty() ? input : input.substr(1)};
}

/// A layout drawn as text (`layout_input`).
inline Problem check_layout_text(std::string_view input) {
  using namespace battleship;
  if (input.empty()) return std::nullopt;
  const auto [board, fleet, text] = layout_input(input);
  const LayoutParse parsed = parse_layout(board, fleet, text);
  if (!parsed) {
    if (parsed.error.empty()) return std::string("a refusal without a message");
    return std::nullopt;
  }
  if (static_cast<int>(parsed.layout->size()) != fleet.ship_count())
    return concat(parsed.layout->size(), " ships read for a fleet of ", fleet.ship_count());
  if (static_cast<int>(parsed.row_lines.size()) != board.rows())
    return concat(parsed.row_lines.size(), " row lines for ", board.rows(), " rows");
  const std::string drawn = format_layout(board, fleet, *parsed.layout);
  const LayoutParse again = parse_layout(board, fleet, drawn);
  if (!again) return concat("a layout's own drawing is refused: ", std::string_view(again.error));
  if (format_layout(board, fleet, *again.layout) != drawn)
    return std::string("a layout changed on redrawing");
  return std::nullopt;
}

/// A coordinate, in each notation and in whichever it is written in.
inline Problem check_coord_text(std::string_view text) {
  using namespace battleship;
  for (const CoordNotation notation : {CoordNotation::letter_number, CoordNotation::number_letter,
                                       CoordNotation::bbm103, CoordNotation::cs32}) {
    const CoordParse parsed = parse_coord(text, notation);
    if (!parsed) {
      if (parsed.error.empty()) return std::string("a refusal without a message");
      continue;
    }
    if (parsed.coord->row < 0 || parsed.coord->col < 0) return std::string("a negative cell");
    const std::string written = format_coord(*parsed.coord, notation);
    const CoordParse again = parse_coord(written, notation);
    if (!again || !(*again.coord == *parsed.coord))
      return concat("the cell's own text ", std::string_view(written), " reads otherwise");
  }
  const CoordParse any = parse_coord(text);
  if (!any && any.error.empty()) return std::string("a refusal without a message");
  const CoordParse on = parse_coord_on(text, ClassicShape{});
  if (on && !contains(ClassicShape{}, *on.coord)) return std::string("an off-board cell accepted");
  return std::nullopt;
}

/// A BBM103 fuzzer's input: the six input files, separated by byte 0x01 (two fleet grids, two
/// ship files, two shot lists); missing ones are empty, anything after the sixth is ignored.
inline battleship::bbm103::ReplayInput bbm103_input(std::string_view input) {
  std::array<std::string, 6> files;
  std::size_t k = 0;
  for (const char c : input) {
    if (c != '\x01')
      files[k].push_back(c);
    else if (++k == files.size())
      break;
  }
  battleship::bbm103::ReplayInput in;
  in.grids = {files[0], files[1]};
  in.ship_files = {files[2], files[3]};
  in.shots = {files[4], files[5]};
  return in;
}

/// A BBM103 replay (`bbm103_input`).
inline Problem check_bbm103_files(std::string_view input) {
  using namespace battleship::bbm103;
  const ReplayInput in = bbm103_input(input);
  const ReplayResult result = replay(in); // documented never to throw: errors are in the report
  if (result.played != result.error.empty())
    return concat(result.played ? "played" : "not played", " with the error '",
                  std::string_view(result.error), "'");
  if (result.error.rfind("Error: ", 0) == 0) {
    bool names_a_file = false;
    for (const auto& names : {in.grid_names, in.ship_file_names, in.shot_names})
      for (const std::string& name : names)
        names_a_file = names_a_file || result.error.rfind(concat("Error: ", name), 0) == 0;
    if (!names_a_file) return concat("an error naming no file: ", std::string_view(result.error));
  }
  if (result.text.size() < result.error.size() ||
      result.text.compare(result.text.size() - result.error.size(), std::string::npos,
                          result.error) != 0)
    return std::string("the report does not end with its error");
  return std::nullopt;
}

} // namespace battleship_fuzz
