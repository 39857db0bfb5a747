# Draws the ladder: the ladder puzzle's CPU time (bench/ladder.txt, -O2, log scale) at each step
# of the reading path, each bar labelled with its time, from `bench/report.sh --ladder`'s table of
# `make bench`'s results. Usage (what `make chart` runs):
#   gnuplot -e "data='build/ladder.dat'; out='bench/ladder.png'" bench/ladder.gp
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 1200,640 font ",10"
} else {
    set terminal png size 1200,640
}
set output out
set termoption noenhanced
set datafile separator "\t"
set title "The ladder puzzle (bench/ladder.txt) at each step of the reading path (solutions/README.md): CPU time, -O2, make bench"
set ylabel "CPU time (log scale)"
set logscale y
set ytics ("1 us" 1, "10 us" 10, "100 us" 100, "1 ms" 1e3, "10 ms" 1e4, "100 ms" 1e5, "1 s" 1e6, "10 s" 1e7)
set yrange [0.5:1e7]
set grid ytics
unset key
set style fill solid 0.85 border -1
set boxwidth 0.7
set xtics rotate by -30 left nomirror
set bmargin 9
set rmargin 10
plot data using 0:2:xtic(1) skip 1 with boxes lc rgb "#4878a8", \
     data using 0:2:3 skip 1 with labels offset 0,0.8 font ",10"
