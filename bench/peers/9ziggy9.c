/* Driver (our own code) for 9ziggy9/paigow_v2's house way in C, compiled with the engine's headers
 * from the user's checkout (they hold the implementation, under ENGINE_IMPL, INFO_IMPL, RULES_IMPL):
 *
 *   cc -O2 -I <checkout>/engine bench/peers/9ziggy9.c -o /tmp/ziggy && /tmp/ziggy hands.txt 200
 *
 * hands.txt: one hand a line, its 16-bit code (four 4-bit TileRank, as engine.h's HAND_FROM_TILES)
 * in decimal. The engine decides all 3,620 distinct hands at once into a table (house_way_init,
 * house_way_analyze, house_way_build: "build"), then a hand's setting is get_hand_info(hand)
 * (the hand sorted, looked up: "lookup", as its get_house_way does). Prints one JSON line: the
 * medians in ms, ms_per_way (all hands looked up once), build_ms, and each hand's house_way code
 * (high hand's two tiles, then the low hand's). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#define ENGINE_IMPL
#define INFO_IMPL
#define RULES_IMPL
#include "engine.h"
#include "info.h"
#include "rules.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void build(void) { house_way_init(); house_way_analyze(); house_way_build(); }

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s hands.txt [repetitions]\n", argv[0]); return 2; }
  int reps = argc > 2 ? atoi(argv[2]) : 200;
  FILE *f = fopen(argv[1], "r");
  if (!f) { perror(argv[1]); return 2; }
  static uint16_t hands[NUM_LEGAL_PERMS * 2], ways[NUM_LEGAL_PERMS * 2];
  unsigned v; int n = 0;
  while (n < NUM_LEGAL_PERMS * 2 && fscanf(f, "%u", &v) == 1) hands[n++] = (uint16_t)v;
  fclose(f);

  /* the engine prints as it builds: its output set aside while timing */
  fflush(stdout);
  int saved = dup(1), devnull = open("/dev/null", O_WRONLY);
  dup2(devnull, 1);
  double *bt = malloc(sizeof(double) * reps), *lt = malloc(sizeof(double) * reps);
  build(); build();  /* warm-up */
  for (int r = 0; r < reps; r++) { double t0 = now_ms(); build(); bt[r] = now_ms() - t0; }
  volatile unsigned sink = 0;
  for (int w = 0; w < 3; w++) for (int i = 0; i < n; i++) sink += get_hand_info(hands[i])->house_way;
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
    for (int i = 0; i < n; i++) {
      struct HandInfo *info = get_hand_info(hands[i]);
      ways[i] = info ? info->house_way : 0xFFFF;
    }
    lt[r] = now_ms() - t0;
  }
  fflush(stdout);
  dup2(saved, 1);
  close(devnull);
  qsort(bt, reps, sizeof(double), cmp);
  qsort(lt, reps, sizeof(double), cmp);
  printf("{\"ms_per_way\": %.6f, \"ms_min\": %.6f, \"build_ms\": %.6f, \"build_ms_min\": %.6f, \"hands\": %d, "
         "\"reps\": %d, \"peer\": \"9ziggy9/paigow_v2\", \"function\": \"get_hand_info(hand)->house_way\", "
         "\"settings\": [", lt[reps / 2], lt[0], bt[reps / 2], bt[0], n, reps);
  for (int i = 0; i < n; i++) printf("%s%u", i ? ", " : "", ways[i]);
  printf("]}\n");
  (void)sink;
  return 0;
}
