// A libFuzzer target for one of the checks in fuzz_checks.hpp, chosen when it is compiled
// (BATTLESHIP_FUZZ_CHECK=check_record_text, ...; tests/CMakeLists.txt builds one a check under
// -DBATTLESHIP_FUZZ=ON). A broken promise prints what broke and aborts, which libFuzzer reports
// with the input that did it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (const auto problem = battleship_fuzz::BATTLESHIP_FUZZ_CHECK(input)) {
    std::fprintf(stderr, "broken promise: %s\n", problem->c_str());
    std::abort();
  }
  return 0;
}
