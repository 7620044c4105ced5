/* Reads Signpost game IDs, one a line, and prints Tatham's own solution
 * (solve_state from his signpost.c) as the zoo's line: the number of each cell,
 * row by row, comma-separated; an empty line (and a message on standard error)
 * unless his deductions complete the path. His standalone signpostsolver only
 * prints "Puzzle is soluble."; this driver runs the same solver and prints the
 * numbers it reaches. It includes his source unchanged. Built against Debian's
 * source package as ../shared/tools/sgt-solvers.sh unpacks and builds it:
 *
 *   SRC=target/sgt/src/sgt-puzzles-*
 *   gcc -O2 -w -I$SRC signpost_answers.c $SRC/nullfe.c target/sgt/obj/libcommon.a \
 *       -lm -o signpost_answers
 *   ./signpost_answers < signpost_ids.txt
 *
 * Given IDs as arguments it answers those instead, one line each, as the zoo
 * harness (bench/src/bin/zoo) runs it; an argument starting with - is refused
 * (exit 2), which is how the harness times its start-up.
 */
#include "signpost.c"

/* Prints the answer to one ID (params:description), or an empty line. */
static void answer(char *id)
{
    char *desc;
    desc = strchr(id, ':');
    if (!desc) { printf("\n"); fprintf(stderr, "no colon: %s\n", id); return; }
    *desc++ = '\0';
    game_params *p = default_params();
    decode_params(p, id);
    const char *err = validate_params(p, false);
    if (!err) err = validate_desc(p, desc);
    if (err) { printf("\n"); fprintf(stderr, "%s: %s\n", id, err); return; }
    game_state *s = new_game(NULL, p, desc);
    int ret = solve_state(s), i;
    if (ret <= 0) { printf("\n"); fprintf(stderr, "%s: solve_state returned %d\n", id, ret); return; }
    for (i = 0; i < s->n; i++)
        printf(i ? ",%d" : "%d", s->nums[i]);
    putchar('\n');
    free_game(s);
    free_params(p);
}

int main(int argc, char **argv)
{
    static char line[1000000];
    int i;
    if (argc > 1) {
        for (i = 1; i < argc; i++) {
            if (argv[i][0] == '-') {
                fprintf(stderr, "%s: unknown option %s\n", argv[0], argv[i]);
                return 2;
            }
            answer(argv[i]);
        }
        return 0;
    }
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!*line || *line == '#') continue;
        answer(line);
    }
    return 0;
}
