/* The baseline of docs/performance.md "Generation": a bare libyaml parse of a
 * file, a loop over yaml_parser_parse that builds nothing.
 *
 *   cc -O2 -o /tmp/bare-parse Benchmarks/BareParse/bare-parse.c -lyaml
 *   time /tmp/bare-parse big.yaml
 */
#include <stdio.h>
#include <yaml.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: bare-parse FILE.yaml\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 2;
    }
    yaml_parser_t parser;
    yaml_event_t event;
    long events = 0;
    int done = 0;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, file);
    while (!done) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "parse error\n");
            return 1;
        }
        done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        events++;
    }
    yaml_parser_delete(&parser);
    fclose(file);
    printf("%ld events\n", events);
    return 0;
}
