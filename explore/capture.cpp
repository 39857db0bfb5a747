// The hooks -finstrument-functions calls, and the two runs of capture() (see capture.h). This
// file is never instrumented (only the solutions' objects are), so the hooks may use the
// standard library. A search is stopped at a limit by throwing from an entry hook: the
// solution's frames unwind as for any exception, their destructors run, nothing leaks.
#include "explore/capture.h"

#include <cxxabi.h>
#include <dlfcn.h>

#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <unordered_map>

namespace explore {
namespace {

struct Stop {};  // thrown through the solution's frames to end a search at a limit

struct Activity {
  long running = 0;      // active calls of the function
  size_t outermost = 0;  // stack position of the first of them
};

// What the hooks see of one run of a solution.
struct Recorder {
  core::Board* board = nullptr;  // the board the solution was handed
  core::Board seen;              // that board at the last hook
  Limits limits;
  Trace* trace = nullptr;
  void* searchFunction = nullptr;  // known on the second run
  int depth = 0;                   // active calls of searchFunction
  size_t stackSize = 0;
  std::unordered_map<void*, Activity> activity;
  void* outermostRecursive = nullptr;  // the recursive function nearest the bottom of the stack
  size_t outermostAt = SIZE_MAX;
  bool stopping = false;  // a limit was reached: stop at the next entry
  bool stopped = false;   // Stop was thrown: the hooks do nothing while the frames unwind

  void stop(const std::string& why) {
    if (!stopping) trace->stopped = why;
    stopping = true;
  }

  void record(int cell, char from, char to) {
    if ((long)trace->steps.size() >= limits.steps)
      return stop("stopped after " + std::to_string(limits.steps) + " steps");
    if (trace->steps.empty()) trace->callsBeforeFirstStep = trace->calls;
    trace->steps.push_back({cell, from, to, depth});
  }

  // Records every cell of the board that differs from the last hook's.
  void observe() {
    if (board->size() != seen.size()) return stop("the solution changed the board's shape");
    long found = 0;
    for (size_t r = 0; r < seen.size(); ++r) {
      const std::vector<char>& row = (*board)[r];
      if (row == seen[r]) continue;
      if (row.size() != seen[r].size()) return stop("the solution changed the board's shape");
      for (size_t c = 0; c < row.size(); ++c)
        if (row[c] != seen[r][c]) record(int(r * row.size() + c), seen[r][c], row[c]), seen[r][c] = row[c], ++found;
    }
    if (found > 1) trace->stepsSeenTogether += found;
  }

  void enter(void* fn) {
    if (stopped) return;
    observe();
    if (++trace->calls > limits.calls) stop("stopped after " + std::to_string(limits.calls) + " calls");
    if (stopping) {
      stopped = true;
      throw Stop{};
    }
    Activity& a = activity[fn];
    if (a.running == 0) a.outermost = stackSize;
    else if (a.outermost < outermostAt) outermostAt = a.outermost, outermostRecursive = fn;
    ++a.running, ++stackSize;
    if (fn != searchFunction) return;
    ++depth;
    if ((long)trace->searchCalls.size() < limits.steps) trace->searchCalls.push_back(depth);
  }

  void exit(void* fn) {
    if (stopped) return;
    observe();
    auto it = activity.find(fn);
    if (it == activity.end() || it->second.running == 0) return;  // entered before the run began
    --it->second.running, --stackSize;
    if (fn == searchFunction) --depth;
  }
};

Recorder* recorder = nullptr;  // the run under way; null outside capture()

// One run of a fresh Solution on a copy of the puzzle. Returns the recursive function
// nearest the bottom of the stack, or null.
void* run(const core::SolutionEntry& entry, const Limits& limits, void* searchFunction, Trace& trace) {
  core::Board board = trace.puzzle;
  Recorder r;
  r.board = &board, r.seen = board, r.limits = limits, r.trace = &trace, r.searchFunction = searchFunction;
  recorder = &r;
  try {
    entry.solve(board);
  } catch (const Stop&) {
  } catch (...) {
    recorder = nullptr;
    throw;
  }
  recorder = nullptr;
  if (!r.stopped) r.observe();  // writes after the last hook
  trace.answer = board;
  return r.outermostRecursive;
}

// "solutions::x::Solution::search(Grid&)" -> "search"; a lambda's call operator in solveSudoku
// -> "lambda in solveSudoku"; "?" where the dynamic symbol table lacks it (link with -rdynamic).
std::string nameOf(void* fn) {
  Dl_info info;
  if (!fn || !dladdr(fn, &info) || !info.dli_sname || info.dli_saddr != fn) return "?";
  int status = 0;
  char* demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
  std::string name = status == 0 ? demangled : info.dli_sname;
  std::free(demangled);
  if (status != 0) {  // GCC 12's demangler does not know C++23's explicit object parameters
    size_t at = name.find("11solveSudoku");
    return at != std::string::npos && name.find("Ul", at) != std::string::npos ? "lambda in solveSudoku" : name;
  }
  bool lambda = name.find("{lambda") != std::string::npos;
  name = name.substr(0, name.find_first_of("(<"));  // before the parameters, or template arguments
  name = name.substr(name.rfind(':') == std::string::npos ? 0 : name.rfind(':') + 1);
  return lambda ? "lambda in " + name : name;
}

}  // namespace

Trace capture(const core::SolutionEntry& entry, const core::Board& puzzle, const Limits& limits) {
  Trace survey;
  survey.puzzle = puzzle;
  void* searchFunction = run(entry, limits, nullptr, survey);
  if (survey.calls == 0)
    throw std::logic_error(entry.name + " called no hook: its object was built without -finstrument-functions");
  Trace trace;
  trace.solution = entry.name;
  trace.puzzle = puzzle;
  run(entry, limits, searchFunction, trace);
  trace.searchFunction = searchFunction ? nameOf(searchFunction) : "";
  return trace;
}

core::Board replay(const core::Board& puzzle, const std::vector<Step>& steps, size_t n) {
  core::Board board = puzzle;
  int side = (int)board.size();
  for (size_t i = 0; i < n && i < steps.size(); ++i) board[steps[i].cell / side][steps[i].cell % side] = steps[i].to;
  return board;
}

}  // namespace explore

// The hooks themselves call the standard library, and some of its functions may be
// instrumented copies: a template instantiated in a solution's object under a path that the
// exclude list (/usr/include) does not match, such as /usr/lib/gcc/.../include/c++. A hook
// called from inside a hook returns at once.
namespace {
bool inHook = false;
struct InHook {
  InHook() { inHook = true; }
  ~InHook() { inHook = false; }  // also when enter() throws Stop
};
}  // namespace

extern "C" {

__attribute__((no_instrument_function)) void __cyg_profile_func_enter(void* fn, void*) {
  if (!explore::recorder || inHook) return;
  InHook guard;
  explore::recorder->enter(fn);
}

__attribute__((no_instrument_function)) void __cyg_profile_func_exit(void* fn, void*) {
  if (!explore::recorder || inHook) return;
  InHook guard;
  explore::recorder->exit(fn);
}

}  // extern "C"
