/* Reads Pearl game IDs, one a line, and prints Tatham's own solution (pearl_solve
 * from his pearl.c, at his strongest level, DIFFCOUNT) as the zoo's line: one hex
 * digit a cell, up 1, right 2, down 4, left 8; an empty line (and a message on
 * standard error) when his deductions do not settle every cell (returns other
 * than 1: inconsistent, or ambiguous or beyond them). His
 * standalone build of pearl.c is a soak tester that prints no solution, hence this
 * driver, which includes his source unchanged. Built against Debian's source
 * package as ../shared/tools/sgt-solvers.sh unpacks and builds it:
 *
 *   SRC=target/sgt/src/sgt-puzzles-*
 *   gcc -O2 -w -I$SRC pearl_answers.c $SRC/nullfe.c target/sgt/obj/libcommon.a \
 *       -lm -o pearl_answers
 *   ./pearl_answers < pearl_ids.txt
 *
 * Given IDs as arguments it answers those instead, one line each, as the zoo
 * harness (bench/src/bin/zoo) runs it; an argument starting with - is refused
 * (exit 2), which is how the harness times its start-up.
 */
#include "pearl.c"

/* Prints the answer to one ID (params:description), or an empty line. */
static void answer(char *id)
{
    char *desc;
    desc = strchr(id, ':');
    if (!desc) { printf("\n"); fprintf(stderr, "no colon: %s\n", id); return; }
    *desc++ = '\0';
    game_params *p = default_params();
    decode_params(p, id);
    const char *err = validate_params(p, true);
    if (!err) err = validate_desc(p, desc);
    if (err) { printf("\n"); fprintf(stderr, "%s: %s\n", id, err); return; }
    game_state *s = new_game(NULL, p, desc);
    int w = p->w, h = p->h, i;
    char *result = snewn(w * h, char);
    int ret = pearl_solve(w, h, s->shared->clues, result, DIFFCOUNT, false);
    if (ret != 1) { printf("\n"); fprintf(stderr, "%s: pearl_solve returned %d\n", id, ret); return; }
    for (i = 0; i < w * h; i++) {
        int f = result[i], out = 0;
        if (f & U) out |= 1;
        if (f & R) out |= 2;
        if (f & D) out |= 4;
        if (f & L) out |= 8;
        putchar("0123456789abcdef"[out]);
    }
    putchar('\n');
    sfree(result);
    free_game(s);
    free_params(p);
}

int main(int argc, char **argv)
{
    char line[100000];
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
