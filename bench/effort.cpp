// The hooks -finstrument-functions calls (see effort.h). This file itself is never instrumented:
// only the solutions' objects are (`make bench` sets INSTRUMENT=1 for them), so the hooks may use
// the standard library. Names come from the dynamic symbol table (the binary is linked -rdynamic).
#include "bench/effort.h"

#include <cxxabi.h>
#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <unordered_map>

namespace {

struct Calls {
  long running = 0;    // how many calls of the function are on the stack
  long recursive = 0;  // calls made while it was already running
};

bool counting = false;
bool called = false;  // a hook has run: the solutions are instrumented
std::unordered_map<void*, Calls> calls;

// For a name the demangler is too old for (GCC 12's does not know C++23's explicit object
// parameters): "_ZZN9solutions1x8Solution11solveSudokuE...Ul..." -> "solutions::x::Solution::
// solveSudoku(...)::{lambda", enough for shortName(); "" if it is not a solution's function.
std::string roughlyDemangled(const std::string& symbol) {
  bool local = symbol.rfind("_ZZN", 0) == 0;
  size_t i = local ? 4 : symbol.rfind("_ZN", 0) == 0 ? 3 : symbol.size();
  while (i < symbol.size() && std::string("HKVrRO").find(symbol[i]) != std::string::npos) ++i;  // qualifiers
  std::string name;
  while (i < symbol.size() && std::isdigit(static_cast<unsigned char>(symbol[i]))) {
    size_t length = 0;
    while (std::isdigit(static_cast<unsigned char>(symbol[i]))) length = 10 * length + (symbol[i++] - '0');
    name += (name.empty() ? "" : "::") + symbol.substr(i, length);
    i += length;
  }
  if (name.rfind("solutions::", 0) != 0) return "";
  bool lambda = local && symbol.find("Ul", i) != std::string::npos;
  return name + (lambda ? "(...)::{lambda" : "(...)");
}

// The name of the function at fn: demangled, or "?" if the dynamic symbol table lacks it (a
// static function: only the solutions are instrumented, so it is one of theirs).
std::string nameOf(void* fn) {
  Dl_info info;
  if (!dladdr(fn, &info) || !info.dli_sname || info.dli_saddr != fn) return "?";
  int status = 0;
  char* name = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
  std::string result = status == 0 ? name : roughlyDemangled(info.dli_sname);
  std::free(name);
  return result;
}

// Where "solutions::" opens the function's own name: outside any <...> or (...) (a template's
// return type and arguments come first), npos if it does not.
size_t ownName(const std::string& name) {
  int depth = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '<' || name[i] == '(') ++depth;
    else if (name[i] == '>' || name[i] == ')') --depth;
    else if (depth == 0 && name.compare(i, 11, "solutions::") == 0 && (i == 0 || name[i - 1] == ' ')) return i;
  }
  return std::string::npos;
}

// "solutions::x::Solution::search(Grid&)" -> "search"; the call operator of a lambda in
// solveSudoku -> "lambda(int) in solveSudoku" (its parameters tell two lambdas apart; the #n after
// them differs between compilers); "" for a function of the standard library.
std::string shortName(const std::string& name) {
  if (name == "?") return "a static function";
  size_t at = ownName(name);
  if (at == std::string::npos) return "";
  std::string rest = name.substr(name.find("::", at + 11) + 2);  // past solutions::x::
  if (rest.rfind("Solution::", 0) == 0) rest = rest.substr(10);
  std::string function = rest.substr(0, rest.find('('));
  size_t lambda = rest.find("{lambda");
  if (lambda == std::string::npos) return function;
  return rest.substr(lambda + 1, rest.find_first_of("#}", lambda) - lambda - 1) + " in " + function;
}

}  // namespace

extern "C" {

__attribute__((no_instrument_function)) void __cyg_profile_func_enter(void* fn, void*) {
  called = true;
  if (!counting) return;
  Calls& c = calls[fn];
  if (c.running++ > 0) ++c.recursive;
}

__attribute__((no_instrument_function)) void __cyg_profile_func_exit(void* fn, void*) {
  if (!counting) return;
  auto it = calls.find(fn);
  if (it != calls.end() && it->second.running > 0) --it->second.running;
}

}  // extern "C"

namespace effort {

void start() {
  calls.clear();
  counting = true;
}

std::vector<Recursion> stop() {
  counting = false;
  std::vector<Recursion> recursions;
  for (const auto& [fn, c] : calls) {
    std::string name = shortName(nameOf(fn));
    if (c.recursive > 0 && !name.empty()) recursions.push_back({name, c.recursive});
  }
  std::sort(recursions.begin(), recursions.end(),
            [](const Recursion& a, const Recursion& b) { return a.calls > b.calls; });
  return recursions;
}

bool instrumented() { return called; }

}  // namespace effort
