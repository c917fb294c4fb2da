import FuzzDriver

@main
enum FuzzGenerateMain {
    static func main() { runLibFuzzer(fuzzGenerate) }
}
