// The hooks -finstrument-functions calls (see effort.h). This file itself is never instrumented:
// only the solutions' objects are (SOLUTION_FLAGS in the Makefile), so the hooks may use the
// standard library. Names come from the dynamic symbol table (the binary is linked -rdynamic).
#include "effort.h"

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

// The demangled name of the function at fn, "" if the dynamic symbol table has none.
std::string demangled(void* fn) {
  Dl_info info;
  if (!dladdr(fn, &info) || !info.dli_sname || info.dli_saddr != fn) return "";
  int status = 0;
  char* name = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
  std::string result = status == 0 ? name : roughlyDemangled(info.dli_sname);
  std::free(name);
  return result;
}

// "solutions::x::Solution::search(Grid&)" -> "search"; a lambda's call operator ->
// "lambda in solveSudoku"; "" for anything outside a solution's namespace.
std::string shortName(const std::string& name) {
  const std::string prefix = "solutions::";
  size_t at = name.find(prefix);  // after the return type that templates' names start with
  if (at == std::string::npos || name.find_first_of("<(:") < at) return "";
  std::string rest = name.substr(name.find("::", at + prefix.size()) + 2);  // past solutions::x::
  if (rest.rfind("Solution::", 0) == 0) rest = rest.substr(10);
  std::string function = rest.substr(0, rest.find('('));
  return rest.find("{lambda") != std::string::npos ? "lambda in " + function : function;
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
    std::string name = shortName(demangled(fn));
    if (c.recursive > 0 && !name.empty()) recursions.push_back({name, c.recursive});
  }
  std::sort(recursions.begin(), recursions.end(),
            [](const Recursion& a, const Recursion& b) { return a.calls > b.calls; });
  return recursions;
}

bool instrumented() { return called; }

}  // namespace effort
