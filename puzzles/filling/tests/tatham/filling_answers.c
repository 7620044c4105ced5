/* Reads Filling game IDs, one a line, and prints Tatham's own solution (the
 * solver of his filling.c, the same one his standalone fillingsolver runs,
 * which only says "solvable") as the zoo's line: one character a cell, row by
 * row, 1-9 (his game's numbers); an empty line (and a message on standard
 * error) unless his deductions fill every cell. It includes his source
 * unchanged. Built against Debian's source package as
 * ../shared/tools/sgt-solvers.sh unpacks and builds it:
 *
 *   SRC=target/sgt/src/sgt-puzzles-*
 *   gcc -O2 -w -I$SRC filling_answers.c $SRC/nullfe.c target/sgt/obj/libcommon.a \
 *       -lm -o filling_answers
 *   ./filling_answers < filling_ids.txt
 *
 * Given IDs as arguments it answers those instead, one line each, as the zoo
 * harness (bench/src/bin/zoo) runs it; an argument starting with - is refused
 * (exit 2), which is how the harness times its start-up.
 */
#include "filling.c"

/* Prints the answer to one ID (params:description), or an empty line. */
static void answer(char *id)
{
    char *desc, *solution = NULL;
    desc = strchr(id, ':');
    if (!desc) { printf("\n"); fprintf(stderr, "no colon: %s\n", id); return; }
    *desc++ = '\0';
    game_params *p = default_params();
    decode_params(p, id);
    const char *err = validate_params(p, true);
    if (!err) err = validate_desc(p, desc);
    if (err) { printf("\n"); fprintf(stderr, "%s: %s\n", id, err); free_params(p); return; }
    game_state *s = new_game(NULL, p, desc);
    if (!solver(s->board, p->w, p->h, &solution)) {
        printf("\n"); fprintf(stderr, "%s: not solved by his deductions\n", id);
    } else {
        printf("%s\n", solution + 1);
    }
    sfree(solution);
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
