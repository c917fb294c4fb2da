import FuzzDriver

@main
enum FuzzContractMain {
    static func main() { runLibFuzzer(fuzzContract) }
}
