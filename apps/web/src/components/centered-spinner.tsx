import { Center, type CenterProps } from "@chakra-ui/react/center";
import { Spinner } from "@chakra-ui/react/spinner";
import { Text } from "@chakra-ui/react/text";

type CenteredSpinnerProps = {
  label: string;
  /** Full viewport height by default (page guards); smaller inside panels. */
  minH?: CenterProps["minH"];
};

/** A centred spinner with an accessible label, e.g. while the session check runs. */
export function CenteredSpinner({ label, minH = "100dvh" }: CenteredSpinnerProps) {
  return (
    <Center minH={minH} flexDirection="column" gap="4" role="status" aria-label={label} aria-busy="true">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <Text color="fg.muted" textStyle="sm">
        {label}
      </Text>
    </Center>
  );
}
