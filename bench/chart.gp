# Draws microseconds per puzzle (-O2, log scale) for each solution and set, the solutions in the
# order of the reading path (solutions/README.md), from the table that `bench/report.sh --pivot`
# makes of `make bench`'s results. Usage (what `make chart` runs):
#   gnuplot -e "data='build/chart.dat'; out='bench/chart.png'" bench/chart.gp
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 1200,640 font ",10"
} else {
    set terminal png size 1200,640
}
set output out
set termoption noenhanced
set datafile separator "\t"
set datafile missing "NaN"
set title "CPU time per puzzle, -O2, the solutions in reading-path order (make bench; lower is faster)"
# make bench SOLUTION=f.cpp passes mark: the row of the user's file, shaded and named in the title.
if (exists("mark") && mark >= 0) {
    set object 1 rect from mark - 0.5, graph 0 to mark + 0.5, graph 1 behind fillcolor rgb "#fff0a0" fillstyle solid noborder
    set title "CPU time per puzzle, -O2: your file (shaded) beside the reading path (make bench SOLUTION=...; lower is faster)"
}
set ylabel "microseconds per puzzle (log scale)"
set logscale y
set format y "%g"
set yrange [0.5:*]
set grid ytics
set key top left horizontal
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by -30 left nomirror
set bmargin 9
set rmargin 10
plot for [set = 2:6] data using set:xtic(1) title columnheader
