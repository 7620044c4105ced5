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
 */
#include "filling.c"

int main(void)
{
    char line[100000];
    while (fgets(line, sizeof line, stdin)) {
        char *id = line, *desc, *solution = NULL;
        line[strcspn(line, "\r\n")] = '\0';
        if (!*id || *id == '#') continue;
        desc = strchr(id, ':');
        if (!desc) { printf("\n"); fprintf(stderr, "no colon: %s\n", id); continue; }
        *desc++ = '\0';
        game_params *p = default_params();
        decode_params(p, id);
        const char *err = validate_params(p, true);
        if (!err) err = validate_desc(p, desc);
        if (err) { printf("\n"); fprintf(stderr, "%s: %s\n", id, err); continue; }
        game_state *s = new_game(NULL, p, desc);
        if (!solver(s->board, p->w, p->h, &solution)) {
            printf("\n"); fprintf(stderr, "%s: not solved by his deductions\n", id); continue;
        }
        printf("%s\n", solution + 1);
        sfree(solution);
    }
    return 0;
}
