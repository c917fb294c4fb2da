import FuzzDriver

@main
enum FuzzJSONMain {
    static func main() { runLibFuzzer(fuzzJSON) }
}
