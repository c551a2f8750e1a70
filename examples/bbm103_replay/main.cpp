// bbm103_replay: the BBM103 "Battle of Ships" replay (seed 000).
//
//   bbm103_replay Player1.txt Player2.txt Player1.in Player2.in
//       reads the fleet grids and shot lists named, and OptionalPlayer1.txt and
//       OptionalPlayer2.txt from the current directory; prints the game and writes it to
//       Battleship.out in the current directory. Exit status 0 when the game was played, 1 when
//       the report ends with an error, 2 for a usage error.
//   bbm103_replay --write-sample DIR
//       writes a sample game's six input files into DIR (created if needed).
//   bbm103_replay --demo
//       replays the sample game in a fresh temporary directory.
//
// ctest-args: --demo
// ctest-expect: Final Information
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <battleship/compat/bbm103.hpp>

#include "../arguments.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::string_view usage = R"(Usage:
  bbm103_replay Player1.txt Player2.txt Player1.in Player2.in
      reads the fleet grids and shot lists named, and OptionalPlayer1.txt and
      OptionalPlayer2.txt from the current directory; prints the game and writes it to
      Battleship.out in the current directory. Exit status 0 when the game was played, 1 when
      the report ends with an error, 2 for a usage error.
  bbm103_replay --write-sample DIR
      writes a sample game's six input files into DIR (created if needed).
  bbm103_replay --demo
      replays the sample game in a fresh temporary directory.
)";

// A draw: player 1 sinks player 2's last ship in round 28, and player 2's equalising shot in the
// same round sinks player 1's last ship. On the way, each kind of malformed shot once.
constexpr std::pair<std::string_view, std::string_view> sample[] = {
    {"Player1.txt", ";;;;;;;;;\n"
                    ";;;B;;;C;;;\n"
                    ";P;;B;;;C;;P;P\n"
                    ";P;;B;;;C;;;\n"
                    ";;;B;;;C;;;\n"
                    ";;;;;;C;;;\n"
                    ";;;;;S;S;S;;\n"
                    ";;;;;;;;;D\n"
                    ";;P;P;;;;;P;D\n"
                    "B;B;B;B;;;;;P;D\n"},
    {"Player2.txt", ";;;;;;;;;S\n"
                    "D;;C;C;C;C;C;;;S\n"
                    "D;;;;;;;;;S\n"
                    "D;;P;P;;;;;;\n"
                    ";;;;;;B;B;B;B\n"
                    ";;;;;;;;;\n"
                    ";B;;;P;P;;;;\n"
                    ";B;;;;;;;P;\n"
                    ";B;;P;P;;;;P;\n"
                    ";B;;;;;;;;\n"},
    {"OptionalPlayer1.txt", "B1:2,D;down;\nB2:10,A;right;\nP1:3,B;down;\nP2:3,I;right;\n"
                            "P3:9,C;right;\nP4:9,I;down;"},
    {"OptionalPlayer2.txt", "B1:5,G;right;\nB2:7,B;down;\nP1:4,C;right;\nP2:7,E;right;\n"
                            "P3:8,I;down;\nP4:9,D;right;"},
    {"Player1.in", "1,J;2,J;3,J;2,A;3,A;4,A;2,C;2,D;2,E;2,F;2,G;5,G;5,H;5,I;5,J;7,B;8,B;9,B;"
                   "10,B;11,A;4,C;1,a;4,D;1,A;7,E;7,F;,E;8,I;9,I;2,G,H;9,D;5,?;9,E;\n"},
    {"Player2.in", "2,D;3,D;4,D;5,D;10,A;10,B;10,C;10,D;3,B;4,B;3,I;3,J;9,C;9,D;9,I;10,I;"
                   "2,G;3,G;4,G;5,G;6,G;7,F;7,G;7,H;8,J;9,J;1,A;10,J;\n"},
};

bool write_sample(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (const auto& [name, text] : sample) {
    std::ofstream out(dir / name, std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "bbm103_replay: cannot write " << (dir / name).string() << "\n";
      return false;
    }
  }
  return true;
}

// Prints the report as the seed does (with print's newline) and writes Battleship.out.
int run(const std::string& p1_txt, const std::string& p2_txt, const std::string& p1_in,
        const std::string& p2_in, const fs::path& dir) {
  const battleship::bbm103::ReplayResult r =
      battleship::bbm103::replay_files(p1_txt, p2_txt, p1_in, p2_in, dir.string());
  std::cout << r.text << '\n' << std::flush;
  std::ofstream out(dir / "Battleship.out", std::ios::binary);
  out << r.text;
  if (!out) {
    std::cerr << "bbm103_replay: cannot write " << (dir / "Battleship.out").string() << "\n";
    return 1;
  }
  return r.played ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  examples::Arguments args(argc, argv, "bbm103_replay", usage);
  std::vector<std::string> files;
  std::optional<std::string> sample_dir;
  bool demo = false;
  while (args.next()) {
    if (args.is("--write-sample")) {
      sample_dir = args.value();
      if (sample_dir->empty()) args.fail("--write-sample needs a directory, such as sample");
    } else if (args.is("--demo"))
      demo = true;
    else if (args.positional())
      files.emplace_back(args.current());
    else
      args.refuse();
  }
  const int modes = (files.empty() ? 0 : 1) + (sample_dir ? 1 : 0) + (demo ? 1 : 0);
  if (modes != 1 || (!files.empty() && files.size() != 4))
    args.fail("needs four file names, --write-sample DIR or --demo (--help explains them)");
  try {
    if (sample_dir) return write_sample(*sample_dir) ? 0 : 1;
    if (!demo) return run(files[0], files[1], files[2], files[3], fs::current_path());
    const fs::path dir =
        fs::temp_directory_path() / ("bbm103_demo_" + std::to_string(std::random_device{}()));
    if (!write_sample(dir)) return 1;
    const int status = run("Player1.txt", "Player2.txt", "Player1.in", "Player2.in", dir);
    std::error_code ec;
    fs::remove_all(dir, ec);
    return status;
  } catch (const std::exception& e) {
    std::cerr << "bbm103_replay: " << e.what() << "\n";
    return 1;
  }
}
