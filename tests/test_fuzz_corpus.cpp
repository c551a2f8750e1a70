// The fuzzers' promises (fuzz/fuzz_checks.hpp) held on their seed corpus (fuzz/corpus) and on
// systematic variations of it: every line dropped, doubled or swapped with the next, the text cut
// after every line, and bytes overwritten, so that the suites check on every run, sanitizers
// included, what -DBATTLESHIP_FUZZ=ON's fuzzers search at random.
#include "catch_shim.hpp"

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz/fuzz_checks.hpp"

namespace test_fuzz_corpus {

using namespace battleship;

namespace {
/// Every file of the corpus `name` (a fuzzer's), in name order, with its name.
std::vector<std::pair<std::string, std::string>> corpus(const char* name) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(BATTLESHIP_FUZZ_CORPUS) / name)) {
    std::ifstream in(entry.path(), std::ios::binary);
    out.emplace_back(entry.path().filename().string(),
                     std::string(std::istreambuf_iterator<char>(in), {}));
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// `text` changed in the ways a careless edit or a cut-off file changes it; `keep` bytes at the
/// front are left alone (the layout fuzzer's board-picking byte). Bytes are overwritten every
/// `stride` bytes, with characters each reader treats specially.
std::vector<std::string> variations(const std::string& text, std::size_t keep = 0,
                                    std::size_t stride = 5) {
  std::vector<std::size_t> starts{keep}; // where each line begins
  for (std::size_t i = keep; i < text.size(); ++i)
    if (text[i] == '\n') starts.push_back(i + 1);
  starts.push_back(text.size());
  std::vector<std::string> out;
  for (std::size_t l = 0; l + 1 < starts.size(); ++l) {
    const std::string before = text.substr(0, starts[l]);
    const std::string line = text.substr(starts[l], starts[l + 1] - starts[l]);
    const std::string after = text.substr(starts[l + 1]);
    out.push_back(before + after);               // dropped
    out.push_back(before + line + line + after); // doubled
    out.push_back(before + line);                // cut after it
    if (l + 2 < starts.size()) {                 // swapped with the next
      const std::string next = text.substr(starts[l + 1], starts[l + 2] - starts[l + 1]);
      out.push_back(before + next + line + text.substr(starts[l + 2]));
    }
  }
  for (std::size_t i = keep; i < text.size(); i += stride)
    for (const char c : {' ', '\t', '\n', '0', '9', '-', 'x', '\r', '\0', '\x01', ';', ','}) {
      std::string changed = text;
      changed[i] = c;
      out.push_back(std::move(changed));
    }
  return out;
}

/// Checks `check` on every file of the corpus `name` and on its variations.
template <class Check>
void keeps_its_promises(const char* name, Check check, std::size_t keep = 0) {
  const auto files = corpus(name);
  REQUIRE(files.size() >= 2);
  for (const auto& [file, text] : files) {
    INFO(name << "/" << file);
    const auto problem = check(text);
    CHECK_FALSE(problem.has_value());
    if (problem) UNSCOPED_INFO(*problem);
    for (const std::string& changed : variations(text, keep)) {
      const auto broken = check(changed);
      if (broken) FAIL_CHECK(*broken << "\non the input:\n" << changed);
    }
  }
}
} // namespace

TEST_CASE("the record reader keeps its promises on the fuzz corpus and its variations",
          "[fuzz][record]") {
  for (const auto& [file, text] : corpus("record")) {
    INFO(file);
    CHECK(check_record<battleship_fuzz::Shape>(text).ok); // the seeds are real games
  }
  keeps_its_promises("record", battleship_fuzz::check_record_text);
}

TEST_CASE("the layout reader keeps its promises on the fuzz corpus and its variations",
          "[fuzz][layout]") {
  for (const auto& [file, text] : corpus("layout")) {
    INFO(file);
    const auto [board, fleet, drawing] = battleship_fuzz::layout_input(text);
    CHECK(parse_layout(board, fleet, drawing)); // the seeds are layouts
  }
  keeps_its_promises("layout", battleship_fuzz::check_layout_text, 1);
}

TEST_CASE("the coordinate reader keeps its promises on the fuzz corpus and its variations",
          "[fuzz][coord]") {
  for (const auto& [file, text] : corpus("coord")) {
    INFO(file);
    CHECK(static_cast<bool>(parse_coord(text)) == (file != "too_long"));
  }
  keeps_its_promises("coord", battleship_fuzz::check_coord_text);
}

TEST_CASE("the BBM103 replay keeps its promises on the fuzz corpus and its variations",
          "[fuzz][bbm103]") {
  for (const auto& [file, text] : corpus("bbm103")) {
    INFO(file);
    CHECK(bbm103::replay(battleship_fuzz::bbm103_input(text)).played); // the seeds are games
  }
  keeps_its_promises("bbm103", battleship_fuzz::check_bbm103_files);
}

} // namespace test_fuzz_corpus
