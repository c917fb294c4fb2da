import FuzzDriver

@main
enum FuzzPatternMain {
    static func main() { runLibFuzzer(fuzzPattern) }
}
